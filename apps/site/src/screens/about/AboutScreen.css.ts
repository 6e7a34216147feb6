import { vars } from '@ledgerline/ui';
import { style } from '@vanilla-extract/css';
import { publicPage } from '../publicPage';

export const page = publicPage(vars.space.huge);

export const headerIllustration = style({ width: '100%', maxWidth: '30rem', height: 'auto' });

export const blocks = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 20rem), 1fr))',
});

export const block = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.md,
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  background: vars.color.surface,
});

export const blockIcon = style({ width: '3.5rem', height: '3.5rem' });

export const blockTitle = style({
  fontSize: vars.fontSize.xl,
  lineHeight: vars.lineHeight.tight,
  fontWeight: vars.fontWeight.semibold,
});

export const blockText = style({ color: vars.color.textMuted, lineHeight: vars.lineHeight.relaxed });

/** The join-today button sits at the foot of its block, whatever the text's length. */
export const blockAction = style({ marginTop: 'auto' });

/** Text beside a picture once both have room, stacked below. */
export const split = style({
  display: 'grid',
  alignItems: 'center',
  gap: vars.space.xxl,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 22rem), 1fr))',
});

export const text = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.lg,
});

export const sectionTitle = style({
  fontSize: vars.fontSize.xxxl,
  lineHeight: vars.lineHeight.tight,
  fontWeight: vars.fontWeight.bold,
});

export const lead = style({ fontSize: vars.fontSize.lg, color: vars.color.textMuted, maxWidth: '65ch' });

export const map = style({ width: '100%', height: 'auto' });

export const band = style({
  padding: vars.space.xxl,
  borderRadius: vars.radius.lg,
  background: vars.color.accentSubtle,
});

/** On the band's tint, muted text is too faint in the dark theme: the band's lead uses the text colour. */
export const bandLead = style({ color: vars.color.text });

export const bandIllustration = style({
  width: '100%',
  maxWidth: '24rem',
  height: 'auto',
  justifySelf: 'center',
});

export const newsletter = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  padding: vars.space.xxl,
  borderRadius: vars.radius.lg,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  background: vars.color.surface,
});

export const newsletterForm = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.md,
});

export const newsletterField = style({ flex: '1 1 18rem', maxWidth: '28rem' });

/** The status line stays in the block while empty (so that it is announced), without adding a gap. */
export const status = style({
  selectors: { '&:empty': { marginTop: `calc(-1 * ${vars.space.lg})` } },
});

export const notice = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.successSubtle,
  color: vars.color.textSuccess,
  lineHeight: vars.lineHeight.normal,
  maxWidth: '65ch',
});
