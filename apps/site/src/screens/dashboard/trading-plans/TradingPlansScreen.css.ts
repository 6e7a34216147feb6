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
