import { vars } from '@ledgerline/ui';
import { style } from '@vanilla-extract/css';

export const loading = style({ display: 'grid', placeItems: 'center', padding: vars.space.xxl });

export const queues = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(14rem, 1fr))',
});

export const queue = style({ display: 'grid', gap: vars.space.xs, alignContent: 'start' });

export const queueTitle = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
});

export const count = style({ margin: 0, fontSize: vars.fontSize.xxl, fontWeight: vars.fontWeight.bold });

export const countLabel = style({ fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.regular });

export const line = style({ margin: 0, color: vars.color.textMuted });

export const link = style({ color: vars.color.textAccent, fontWeight: vars.fontWeight.medium });

export const total = style({ fontWeight: vars.fontWeight.semibold });
