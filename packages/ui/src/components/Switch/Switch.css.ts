import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const row = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.lg,
});

export const text = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  minWidth: 0,
});

export const label = style({
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.text,
  cursor: 'pointer',
  selectors: {
    [`${row}[data-disabled] &`]: { color: vars.color.textMuted, cursor: 'not-allowed' },
  },
});

export const description = style({
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.textMuted,
});

/** Track: 44 × 24 px; thumb: 20 px, travelling 20 px. */
export const root = style({
  position: 'relative',
  flexShrink: 0,
  width: vars.size.control,
  height: vars.space.xl,
  // Centred on the label's first line.
  marginTop: `calc((${vars.fontSize.md} * ${vars.lineHeight.normal} - ${vars.space.xl}) / 2)`,
  padding: 0,
  border: 0,
  borderRadius: vars.radius.full,
  background: vars.color.borderStrong,
  cursor: 'pointer',
  transitionProperty: 'background-color',
  transitionDuration: vars.motion.fast,
  transitionTimingFunction: vars.motion.easing,
  selectors: {
    '&[data-state="checked"]': { background: vars.color.accent },
    '&:focus-visible': {
      outline: `${vars.size.focusWidth} solid ${vars.color.focusRing}`,
      outlineOffset: '2px',
    },
    '&[data-disabled]': { background: vars.color.border, cursor: 'not-allowed' },
    '&[data-disabled][data-state="checked"]': { background: vars.color.accentSubtle },
  },
});

export const thumb = style({
  display: 'block',
  width: `calc(${vars.space.xl} - 2 * ${vars.space.xxs})`,
  height: `calc(${vars.space.xl} - 2 * ${vars.space.xxs})`,
  borderRadius: vars.radius.full,
  background: vars.color.surface,
  boxShadow: vars.shadow.sm,
  transform: `translateX(${vars.space.xxs})`,
  transitionProperty: 'transform',
  transitionDuration: vars.motion.fast,
  transitionTimingFunction: vars.motion.easing,
  selectors: {
    '&[data-state="checked"]': {
      transform: `translateX(calc(${vars.size.control} - ${vars.space.xl} + ${vars.space.xxs}))`,
    },
  },
});
