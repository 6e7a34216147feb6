import { pageColumn, vars } from '@ledgerline/ui';
import { style } from '@vanilla-extract/css';

export const page = style([
  pageColumn,
  {
    display: 'flex',
    flexDirection: 'column',
    gap: vars.space.lg,
    paddingBottom: vars.space.huge,
  },
]);

/** Each testimony fills its slide, so the cards in view are the same height. */
export const testimony = style({ height: '100%' });
