import { vars } from '@ledgerline/ui';
import { globalStyle, style } from '@vanilla-extract/css';

/** Addresses are compared character by character: a monospace face makes that easier. */
export const monoField = style({});

globalStyle(`${monoField} input`, { fontFamily: vars.font.mono });

/** A saved address: its name and state, the coin and network, the address itself. */
export const address = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  minWidth: 0,
  flex: '1 1 20rem',
});

/** The countdown's digits keep their width as they change. */
export const countdown = style({
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.regular,
});
