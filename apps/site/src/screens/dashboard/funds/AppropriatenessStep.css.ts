import { vars } from '@ledgerline/ui';
import { style } from '@vanilla-extract/css';

export const questions = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

export const question = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  minWidth: 0,
  margin: 0,
  padding: 0,
  border: 0,
});

export const legend = style({
  padding: 0,
  marginBottom: vars.space.xs,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.text,
});

/** An answer is a row with its radio; the whole row takes the click. */
export const option = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: vars.size.control,
  paddingInline: vars.space.md,
  paddingBlock: vars.space.xs,
  borderWidth: vars.size.borderWidth,
  borderStyle: 'solid',
  borderColor: vars.color.borderStrong,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceSunken },
    '&:has(input:checked)': { borderColor: vars.color.accent, background: vars.color.accentSubtle },
    '&:has(input:focus-visible)': {
      outline: `${vars.size.focusWidth} solid ${vars.color.focusRing}`,
      outlineOffset: vars.size.borderWidth,
    },
    '&:has(input[aria-invalid="true"])': { borderColor: vars.color.textDanger },
  },
});

export const radio = style({
  margin: 0,
  width: vars.fontSize.md,
  height: vars.fontSize.md,
  flexShrink: 0,
  accentColor: vars.color.accent,
  cursor: 'inherit',
  // The row draws the focus ring.
  outline: 'none',
});

export const reasons = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  margin: 0,
  paddingInlineStart: vars.space.lg,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
});

export const note = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.text,
});
