import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  minWidth: 0,
});

export const labelGroup = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
});

export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.text,
  selectors: {
    [`${field}[data-disabled] &`]: { color: vars.color.textMuted },
  },
});

/** "(required)" / "(optional)": part of the label's text, so screen readers say it too. */
export const marker = style({
  fontWeight: vars.fontWeight.regular,
  color: vars.color.textMuted,
});

export const hint = style({
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.textMuted,
});

export const error = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.xs,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.textDanger,
});

/** One line high, so the icon sits centred on the message's first line. */
export const errorIcon = style({
  display: 'flex',
  alignItems: 'center',
  flexShrink: 0,
  height: `calc(${vars.fontSize.sm} * ${vars.lineHeight.normal})`,
});

export const errorSvg = style({
  width: vars.fontSize.md,
  height: vars.fontSize.md,
});

/**
 * The box every text-like control shares (inputs, text areas, the select trigger): one height, one
 * border, one radius, one focus ring. The ring is drawn on the box when the input inside it has
 * keyboard focus, so adornments ($, the password toggle) sit inside the ring.
 */
export const control = style({
  display: 'flex',
  alignItems: 'center',
  width: '100%',
  minHeight: vars.size.control,
  margin: 0,
  background: vars.color.surface,
  color: vars.color.text,
  borderWidth: vars.size.borderWidth,
  borderStyle: 'solid',
  borderColor: vars.color.borderStrong,
  borderRadius: vars.radius.md,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.normal,
  transitionProperty: 'border-color, box-shadow',
  transitionDuration: vars.motion.fast,
  transitionTimingFunction: vars.motion.easing,
  selectors: {
    '&:hover:not([data-disabled], :disabled, [data-invalid], [aria-invalid="true"])': {
      borderColor: vars.color.text,
    },
    '&:focus-visible, &:has(:is(input, textarea):focus-visible)': {
      outline: `${vars.size.focusWidth} solid ${vars.color.focusRing}`,
      outlineOffset: '2px',
    },
    // A second hairline inside the border: an error reads as a heavier red edge, not a colour swap alone.
    '&[data-invalid], &[aria-invalid="true"]': {
      borderColor: vars.color.textDanger,
      boxShadow: `inset 0 0 0 ${vars.size.borderWidth} ${vars.color.textDanger}`,
    },
    '&[data-disabled], &:disabled': {
      background: vars.color.surfaceSunken,
      borderColor: vars.color.border,
      boxShadow: 'none',
      color: vars.color.textMuted,
      cursor: 'not-allowed',
    },
  },
});

/** The bare input inside a `control` box. */
export const input = style({
  flex: '1 1 auto',
  alignSelf: 'stretch',
  minWidth: 0,
  width: '100%',
  margin: 0,
  paddingBlock: 0,
  paddingInline: vars.space.md,
  border: 0,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  selectors: {
    // The box draws the ring (see `control`).
    '&:focus-visible': { outline: 'none' },
    '&::placeholder': { color: vars.color.textMuted, opacity: 1 },
    '&:disabled': { cursor: 'not-allowed' },
  },
});

/** Text before the input, such as the `$` of an amount. */
export const prefix = style({
  flexShrink: 0,
  paddingInlineStart: vars.space.md,
  color: vars.color.textMuted,
  userSelect: 'none',
});
