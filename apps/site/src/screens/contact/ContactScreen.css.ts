import { media, vars } from '@ledgerline/ui';
import { style } from '@vanilla-extract/css';
import { publicPage } from '../publicPage';

export const page = publicPage(vars.space.xxxl);

/** The form and the direct links side by side once both have room; the form first. */
export const columns = style({
  display: 'grid',
  alignItems: 'start',
  gap: vars.space.xl,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 20rem), 1fr))',
  '@media': {
    [media.columns]: { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)' },
  },
});

export const formCard = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  background: vars.color.surface,
});

export const cardTitle = style({
  fontSize: vars.fontSize.xxl,
  lineHeight: vars.lineHeight.tight,
  fontWeight: vars.fontWeight.bold,
});

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const submit = style({ alignSelf: 'flex-start' });

/** The status line stays in the page while empty (so that it is announced), without adding a gap. */
export const status = style({
  selectors: { '&:empty': { marginTop: `calc(-1 * ${vars.space.md})` } },
});

export const notice = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.successSubtle,
  color: vars.color.textSuccess,
  lineHeight: vars.lineHeight.normal,
});

export const direct = style({ display: 'flex', flexDirection: 'column' });

export const directList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});

export const directLink = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  textDecoration: 'none',
  transitionProperty: 'border-color, background-color',
  transitionDuration: vars.motion.fast,
  transitionTimingFunction: vars.motion.easing,
  selectors: {
    '&:hover': { borderColor: vars.color.borderStrong, background: vars.color.surfaceSunken },
    '&:focus-visible': {
      outline: `${vars.size.focusWidth} solid ${vars.color.focusRing}`,
      outlineOffset: '2px',
    },
  },
});

export const directIcon = style({
  flexShrink: 0,
  width: '2.5rem',
  height: '2.5rem',
  padding: vars.space.sm,
  borderRadius: vars.radius.full,
  background: vars.color.accentSubtle,
  color: vars.color.textAccent,
});

export const directText = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });

export const directLabel = style({ fontWeight: vars.fontWeight.semibold });

export const directValue = style({
  color: vars.color.textAccent,
  textDecoration: 'underline',
  textUnderlineOffset: '0.2em',
  overflowWrap: 'anywhere',
});

export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

export const sectionTitle = style({
  fontSize: vars.fontSize.xxxl,
  lineHeight: vars.lineHeight.tight,
  fontWeight: vars.fontWeight.bold,
});

export const lead = style({ fontSize: vars.fontSize.lg, color: vars.color.textMuted, maxWidth: '65ch' });

export const grid = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 18rem), 1fr))',
});

export const item = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.md,
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceSunken,
});

export const itemIcon = style({ width: '3rem', height: '3rem' });

export const itemTitle = style({
  fontSize: vars.fontSize.xl,
  lineHeight: vars.lineHeight.tight,
  fontWeight: vars.fontWeight.semibold,
});

export const itemText = style({ color: vars.color.textMuted, lineHeight: vars.lineHeight.relaxed });

export const itemAction = style({ marginTop: 'auto' });
