import { vars } from '@ledgerline/ui';
import { style } from '@vanilla-extract/css';

export const funds = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 19rem), 1fr))',
});

export const fund = style({ display: 'flex', flexDirection: 'column' });

/** Each card fills its cell, so the cards of a row are as tall as each other. */
export const fundCard = style({ flex: 1 });

export const status = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  color: vars.color.textMuted,
});
