import { vars } from '@ledgerline/ui';
import { style } from '@vanilla-extract/css';

export const receipt = style({ display: 'grid', gap: vars.space.xs, minWidth: 0 });

export const link = style({
  justifySelf: 'start',
  color: vars.color.textAccent,
  fontSize: vars.fontSize.sm,
  textDecoration: 'underline',
});
