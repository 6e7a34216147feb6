import { breakpoints, vars } from '@ledgerline/ui';
import { globalStyle, style } from '@vanilla-extract/css';

/** The form beside the notes on wide screens; the notes below it on narrow ones. */
export const layout = style({
  display: 'grid',
  gap: vars.space.lg,
  alignItems: 'start',
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': {
    [`screen and (min-width: ${breakpoints.desktop}px)`]: {
      gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)',
    },
  },
});

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xl });

export const notes = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

/** Addresses are compared character by character: a monospace face makes that easier. */
export const address = style({});

globalStyle(`${address} input`, { fontFamily: vars.font.mono });
