import { vars } from '@ledgerline/ui';
import { style } from '@vanilla-extract/css';

export const plans = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 16rem), 1fr))',
});

export const plan = style({ display: 'flex', flexDirection: 'column' });

/** Each card fills its cell, so the cards of a row are as tall as each other. */
export const planCard = style({ flex: 1 });

/** "at £1 = $1.27" moves to the next line whole rather than breaking around its equals sign. */
export const rate = style({ whiteSpace: 'nowrap' });

/** Where the investor's available balance stands among the plans. */
export const standing = style({ margin: 0, color: vars.color.text, maxWidth: '75ch' });

/** The funds a plan may invest in, set apart like the support line above it. */
export const funds = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const fundsTitle = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
});

export const fundList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.xxs,
  fontSize: vars.fontSize.sm,
});

export const fundMinimum = style({ color: vars.color.textMuted, fontVariantNumeric: 'tabular-nums' });

export const fundsNote = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });

/** As wide as the plans above it; the text inside keeps a readable line length. */
export const notice = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  background: vars.color.surfaceSunken,
  color: vars.color.textMuted,
  lineHeight: vars.lineHeight.relaxed,
});

export const noticeText = style({ maxWidth: '75ch' });

export const noticeTitle = style({
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
});
