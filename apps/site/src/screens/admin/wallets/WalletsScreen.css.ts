import { vars } from '@ledgerline/ui';
import { style } from '@vanilla-extract/css';

/** A wallet's name as the admin typed it. */
export const name = style({ fontWeight: vars.fontWeight.semibold });

export const coin = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs });

/** Long addresses wrap between their groups rather than widening the table. */
export const address = style({ minWidth: '12rem', maxWidth: '22rem' });

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  justifyContent: 'flex-end',
});

export const form = style({ display: 'grid', gap: vars.space.md });

/** The saved wallet: its QR code beside its facts once there is room, above them on a phone. */
export const saved = style({
  display: 'grid',
  gap: vars.space.lg,
  alignItems: 'start',
  '@media': { '(min-width: 36rem)': { gridTemplateColumns: 'auto minmax(0, 1fr)' } },
});

const qrSize = '10rem';

export const qr = style({
  display: 'block',
  width: qrSize,
  height: qrSize,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  // The server draws the code dark on its own white ground (a QR scans only that way), in both themes.
  imageRendering: 'pixelated',
});

export const qrFrame = style({
  display: 'grid',
  placeItems: 'center',
  width: qrSize,
  height: qrSize,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
});

export const qrNote = style({
  margin: 0,
  maxWidth: '16rem',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.relaxed,
});

/** The saved step's heading takes focus (the form it replaces had it), without a focus ring of its own. */
export const focusTarget = style({ outline: 'none' });

/** A QR code not saved yet, with the address it must open right under it, to compare the two. */
export const qrFigure = style({
  display: 'grid',
  gap: vars.space.xs,
  justifyItems: 'start',
  margin: 0,
  maxWidth: qrSize,
});

export const qrCaption = style({
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});
