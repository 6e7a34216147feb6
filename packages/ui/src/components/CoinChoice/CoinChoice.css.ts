import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const group = style({
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
  marginBottom: vars.space.sm,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.text,
});

/**
 * A tile is never narrower than its longest content, "Ethereum" with its radio and mark (about
 * 10 rem at the body size): the tiles move onto more rows instead of spilling their names.
 */
export const options = style({
  display: 'grid',
  gap: vars.space.sm,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 11rem), 1fr))',
});

export const option = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: vars.size.controlLg,
  paddingInline: vars.space.md,
  borderWidth: vars.size.borderWidth,
  borderStyle: 'solid',
  borderColor: vars.color.borderStrong,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontWeight: vars.fontWeight.medium,
  cursor: 'pointer',
  transition: `background ${vars.motion.fast} ${vars.motion.easing}, border-color ${vars.motion.fast} ${vars.motion.easing}`,
  selectors: {
    '&:hover': { background: vars.color.surfaceSunken },
    '&:has(input:checked)': { borderColor: vars.color.accent, background: vars.color.accentSubtle },
    '&:has(input:focus-visible)': {
      outline: `${vars.size.focusWidth} solid ${vars.color.focusRing}`,
      outlineOffset: vars.size.borderWidth,
    },
    '&:has(input[aria-invalid="true"])': { borderColor: vars.color.textDanger },
    '&:has(input:disabled)': { cursor: 'not-allowed', color: vars.color.textMuted },
  },
});

/** On the narrowest screens (or with very large text) a name wraps inside its tile rather than out of it. */
export const name = style({ minWidth: 0, overflowWrap: 'anywhere' });

export const radio = style({
  margin: 0,
  width: vars.fontSize.lg,
  height: vars.fontSize.lg,
  flexShrink: 0,
  accentColor: vars.color.accent,
  cursor: 'inherit',
  // The card draws the focus ring.
  outline: 'none',
});
