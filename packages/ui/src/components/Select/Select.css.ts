import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { control } from '../Field/Field.css';

export const trigger = style([
  control,
  {
    justifyContent: 'space-between',
    gap: vars.space.sm,
    paddingInline: vars.space.md,
    textAlign: 'start',
    cursor: 'pointer',
    selectors: {
      '&[data-placeholder]': { color: vars.color.textMuted },
      '&[data-state="open"]': { borderColor: vars.color.text },
    },
  },
]);

export const value = style({
  flex: '1 1 auto',
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const icon = style({ display: 'flex', flexShrink: 0 });

export const chevron = style({
  flexShrink: 0,
  width: vars.fontSize.lg,
  height: vars.fontSize.lg,
  color: vars.color.textMuted,
  transitionProperty: 'transform',
  transitionDuration: vars.motion.fast,
  transitionTimingFunction: vars.motion.easing,
  selectors: {
    [`${trigger}[data-state="open"] &`]: { transform: 'rotate(180deg)' },
  },
});

/** At most seven rows tall, and never taller than the room the page leaves. */
export const content = style({
  zIndex: 50,
  width: 'var(--radix-select-trigger-width)',
  maxHeight: `min(var(--radix-select-content-available-height), calc(${vars.size.control} * 7))`,
  overflow: 'hidden',
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  borderWidth: vars.size.borderWidth,
  borderStyle: 'solid',
  borderColor: vars.color.border,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.md,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
});

export const viewport = style({
  padding: vars.space.xs,
});

export const item = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: vars.size.controlSm,
  paddingBlock: vars.space.xs,
  paddingInlineStart: vars.space.md,
  paddingInlineEnd: vars.space.xxl,
  borderRadius: vars.radius.sm,
  lineHeight: vars.lineHeight.normal,
  cursor: 'pointer',
  userSelect: 'none',
  outline: 'none',
  selectors: {
    '&[data-highlighted]': { background: vars.color.accentSubtle },
    '&[data-state="checked"]': { fontWeight: vars.fontWeight.semibold },
    '&[data-disabled]': { color: vars.color.textMuted, cursor: 'not-allowed' },
  },
});

export const indicator = style({
  position: 'absolute',
  insetInlineEnd: vars.space.sm,
  display: 'flex',
  alignItems: 'center',
  color: vars.color.textAccent,
  selectors: {
    // On the highlight the accent text colour is too close to its background: use the body colour.
    [`${item}[data-highlighted] &`]: { color: vars.color.text },
  },
});

export const check = style({
  width: vars.fontSize.md,
  height: vars.fontSize.md,
});

export const scrollButton = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  height: vars.space.xl,
  color: vars.color.textMuted,
  cursor: 'default',
});

export const scrollDown = style({ width: vars.fontSize.md, height: vars.fontSize.md });

export const scrollUp = style([scrollDown, { transform: 'rotate(180deg)' }]);
