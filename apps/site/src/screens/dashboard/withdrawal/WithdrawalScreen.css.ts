import { media, vars } from '@ledgerline/ui';
import { globalStyle, style } from '@vanilla-extract/css';

/** The form beside the notes on wide screens; the notes below it on narrow ones. */
export const layout = style({
  display: 'grid',
  gap: vars.space.lg,
  alignItems: 'start',
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': {
    [media.desktop]: {
      gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)',
    },
  },
});

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xl });

export const notes = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

/** Addresses are compared character by character: a monospace face makes that easier. */
export const address = style({});

globalStyle(`${address} input`, { fontFamily: vars.font.mono });

/** The saved-address choice while withdrawals are locked to them: the notice, the choice, the holds. */
export const savedChoice = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });

export const lockNotice = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.infoSubtle,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
});

/** A held address's countdown: digits that keep their width as they change. */
export const heldLine = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontVariantNumeric: 'tabular-nums',
});
