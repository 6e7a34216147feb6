import { vars } from '@ledgerline/ui';
import { style } from '@vanilla-extract/css';

export const card = style({ maxWidth: '36rem' });

export const form = style({ display: 'grid', gap: vars.space.md });

export const qrCode = style({
  display: 'block',
  width: '12rem',
  height: '12rem',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  // The server draws the code dark on its own white ground (a QR scans only that way), in both themes.
  imageRendering: 'pixelated',
});

export const codes = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, max-content)',
  gap: `${vars.space.xs} ${vars.space.xl}`,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontFamily: vars.font.mono,
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const submit = style({ justifySelf: 'start' });
