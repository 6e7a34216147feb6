import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const root = style({ display: 'grid', gap: vars.space.md });

export const filters = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.md,
});

export const loading = style({ display: 'grid', placeItems: 'center', padding: vars.space.xxl });

export const more = style({ display: 'flex', justifyContent: 'center' });
