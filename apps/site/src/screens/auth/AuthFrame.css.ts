import { media, vars } from '@ledgerline/ui';
import { globalStyle, style } from '@vanilla-extract/css';

export const page = style({
  minHeight: '100vh',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.xl,
  padding: `${vars.space.xl} ${vars.space.md}`,
  background: vars.color.background,
  '@media': { [media.tablet]: { paddingTop: vars.space.huge } },
});

export const card = style({
  width: '100%',
  maxWidth: '32rem',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  boxShadow: vars.shadow.md,
  '@media': { [media.tablet]: { padding: vars.space.xxl } },
});

export const wide = style({ maxWidth: '40rem' });

export const header = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const title = style({
  fontSize: vars.fontSize.xxl,
  lineHeight: vars.lineHeight.tight,
  fontWeight: vars.fontWeight.bold,
});

export const brief = style({ color: vars.color.textMuted, lineHeight: vars.lineHeight.normal });

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

/** Two fields side by side from the tablet width; one under the other on phones. */
export const formRow = style({
  display: 'grid',
  gap: vars.space.md,
  '@media': { [media.tablet]: { gridTemplateColumns: '1fr 1fr', rowGap: 0 } },
});

/*
 * Side by side, each field lays its three parts (label with any hint, control, error) on the row's
 * three shared grid rows, so the two controls line up when only one field has a hint or an error.
 * `div`: every field's root is one, and the type selector outweighs the field's own `display`.
 */
globalStyle(`${formRow} > div`, {
  '@media': {
    [media.tablet]: { gridRow: 'span 3', display: 'grid', gridTemplateRows: 'subgrid', rowGap: 0 },
  },
});

// The field's own spacing between its parts, as margins: a row with no error adds no space.
globalStyle(`${formRow} > div > * + *`, {
  '@media': { [media.tablet]: { marginTop: vars.space.sm } },
});

export const links = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const link = style({
  color: vars.color.textAccent,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'underline',
  textUnderlineOffset: '0.2em',
  borderRadius: vars.radius.sm,
  ':focus-visible': {
    outline: `${vars.size.focusWidth} solid ${vars.color.focusRing}`,
    outlineOffset: '2px',
  },
});

export const notice = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.successSubtle,
  color: vars.color.textSuccess,
  lineHeight: vars.lineHeight.normal,
});

export const centered = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.md,
  textAlign: 'center',
});

/** A button that reads as a link: a switch inside a form ("Use a recovery code instead"). */
export const linkButton = style([
  link,
  {
    alignSelf: 'flex-start',
    padding: 0,
    border: 0,
    background: 'none',
    fontFamily: 'inherit',
    fontSize: vars.fontSize.sm,
    cursor: 'pointer',
  },
]);

/** A recovery code's field: the code in the monospace face it was shown in, each character as typed. */
export const recoveryCodeField = style({});
globalStyle(`${recoveryCodeField} input`, { fontFamily: vars.font.mono });
