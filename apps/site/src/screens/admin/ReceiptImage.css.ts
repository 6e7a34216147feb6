import { vars } from '@ledgerline/ui';
import { style } from '@vanilla-extract/css';

export const frame = style({
  display: 'grid',
  gap: vars.space.xs,
  justifyItems: 'start',
  color: vars.color.textAccent,
  fontSize: vars.fontSize.sm,
});

export const image = style({
  display: 'block',
  maxWidth: '100%',
  maxHeight: '18rem',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  objectFit: 'contain',
  background: vars.color.surfaceSunken,
});

export const hint = style({ textDecoration: 'underline' });

export const missing = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
