import { vars } from '@ledgerline/ui';
import { style } from '@vanilla-extract/css';
import { publicPage } from '../publicPage';

export const page = publicPage(vars.space.huge);

/** A hero's text beside its picture once both have room, the picture below the text on a phone. */
const heroSplit = style({
  display: 'grid',
  alignItems: 'center',
  gap: vars.space.xxl,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 22rem), 1fr))',
});

export const hero = style([heroSplit, { paddingTop: vars.space.huge }]);

export const investNow = style([
  heroSplit,
  { padding: vars.space.xxl, borderRadius: vars.radius.lg, background: vars.color.accentSubtle },
]);

export const heroText = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.lg,
});

export const heroIllustration = style({
  width: '100%',
  maxWidth: '30rem',
  height: 'auto',
  justifySelf: 'center',
});

/** The 96-unit square pictures of the cards and steps, shown at 48 px. */
export const icon = style({ display: 'block', width: vars.space.xxxl, height: vars.space.xxxl });

/** A card's picture: first in the card, above its title (the Card renders its title first). */
export const cardIcon = style([icon, { order: -1, marginBottom: vars.space.md }]);

export const heroTitle = style({
  fontSize: vars.fontSize.display,
  lineHeight: vars.lineHeight.tight,
  fontWeight: vars.fontWeight.bold,
  maxWidth: '20ch',
});

export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

export const sectionTitle = style({
  fontSize: vars.fontSize.xxxl,
  lineHeight: vars.lineHeight.tight,
  fontWeight: vars.fontWeight.bold,
});

export const lead = style({ fontSize: vars.fontSize.lg, color: vars.color.textMuted, maxWidth: '65ch' });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md });

export const grid = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 18rem), 1fr))',
});

export const cardText = style({ color: vars.color.textMuted });

/** The lead line on the tinted "Invest Now" band: the body colour, as muted text lacks contrast there in the dark theme. */
export const bandLead = style([lead, { color: vars.color.text }]);
