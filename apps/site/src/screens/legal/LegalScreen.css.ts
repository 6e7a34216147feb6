import { pageColumn, vars } from '@ledgerline/ui';
import { globalStyle, style } from '@vanilla-extract/css';

export const page = style([
  pageColumn,
  {
    paddingBlock: vars.space.xxxl,
    paddingBottom: vars.space.huge,
  },
]);

/** A reading measure: long lines of legal text are hard to follow. */
export const article = style({
  maxWidth: '72ch',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xl,
});

export const header = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });

export const title = style({
  fontSize: vars.fontSize.display,
  lineHeight: vars.lineHeight.tight,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '-0.02em',
});

export const updated = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const intro = style({ fontSize: vars.fontSize.lg, lineHeight: vars.lineHeight.relaxed });

export const contents = style({
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceSunken,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

export const contentsTitle = style({ fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold });

export const contentsList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});

export const contentsLink = style({
  color: vars.color.textAccent,
  textDecoration: 'underline',
  textUnderlineOffset: '0.2em',
  borderRadius: vars.radius.sm,
});

export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const sectionTitle = style({
  fontSize: vars.fontSize.xl,
  lineHeight: vars.lineHeight.tight,
  fontWeight: vars.fontWeight.semibold,
  // Clear of the navigation bar, which is fixed once the page scrolls, when a contents link jumps here.
  scrollMarginTop: '6rem',
});

export const paragraph = style({ lineHeight: vars.lineHeight.relaxed });

export const list = style({
  margin: 0,
  paddingInlineStart: vars.space.xl,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  lineHeight: vars.lineHeight.relaxed,
});

globalStyle(`${list} > li::marker`, { color: vars.color.textAccent });
