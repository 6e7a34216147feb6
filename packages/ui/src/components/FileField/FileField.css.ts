import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const body = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});

export const dropZone = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  paddingBlock: vars.space.xl,
  paddingInline: vars.space.lg,
  textAlign: 'center',
  background: vars.color.surface,
  color: vars.color.text,
  borderWidth: vars.size.borderWidth,
  borderStyle: 'dashed',
  borderColor: vars.color.borderStrong,
  borderRadius: vars.radius.md,
  transitionProperty: 'background-color, border-color',
  transitionDuration: vars.motion.fast,
  transitionTimingFunction: vars.motion.easing,
  selectors: {
    '&[data-invalid]': {
      borderColor: vars.color.textDanger,
      boxShadow: `inset 0 0 0 ${vars.size.borderWidth} ${vars.color.textDanger}`,
    },
    '&[data-dragging]': {
      borderStyle: 'solid',
      borderColor: vars.color.accent,
      boxShadow: `inset 0 0 0 ${vars.size.borderWidth} ${vars.color.accent}`,
      background: vars.color.accentSubtle,
    },
    '&[data-disabled]': {
      background: vars.color.surfaceSunken,
      borderColor: vars.color.border,
      boxShadow: 'none',
      color: vars.color.textMuted,
    },
  },
});

export const dropIcon = style({
  width: vars.space.xxl,
  height: vars.space.xxl,
  color: vars.color.textMuted,
  selectors: {
    [`${dropZone}[data-dragging] &`]: { color: vars.color.text },
  },
});

export const dropText = style({
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
});

export const file = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  padding: vars.space.md,
  background: vars.color.surface,
  borderWidth: vars.size.borderWidth,
  borderStyle: 'solid',
  borderColor: vars.color.border,
  borderRadius: vars.radius.md,
});

export const thumbnail = style({
  flexShrink: 0,
  width: vars.space.huge,
  height: vars.space.huge,
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  borderWidth: vars.size.borderWidth,
  borderStyle: 'solid',
  borderColor: vars.color.border,
});

export const documentThumbnail = style([
  thumbnail,
  {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    background: vars.color.surfaceSunken,
    color: vars.color.textMuted,
  },
]);

export const documentIcon = style({
  width: vars.space.xxl,
  height: vars.space.xxl,
});

export const details = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  flex: '1 1 auto',
  minWidth: 0,
});

export const fileName = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.normal,
});

export const fileSize = style({
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
});

export const progress = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  marginTop: vars.space.xs,
});

export const progressLabel = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
});

const bar = {
  background: vars.color.accent,
  borderRadius: vars.radius.full,
};

export const progressBar = style({
  appearance: 'none',
  display: 'block',
  width: '100%',
  height: vars.space.xs,
  border: 0,
  borderRadius: vars.radius.full,
  overflow: 'hidden',
  background: vars.color.border,
  color: vars.color.accent,
  selectors: {
    '&::-webkit-progress-bar': { background: vars.color.border, borderRadius: vars.radius.full },
    '&::-webkit-progress-value': bar,
    '&::-moz-progress-bar': bar,
  },
});

export const remove = style({ flexShrink: 0 });
