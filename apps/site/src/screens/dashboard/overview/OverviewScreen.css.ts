import { media, vars } from '@ledgerline/ui';
import { style } from '@vanilla-extract/css';

/** The balance beside its summary on wide screens, above it on narrow ones. */
export const top = style({
  display: 'grid',
  gap: vars.space.xl,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': {
    [media.desktop]: { gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)', alignItems: 'start' },
  },
});

export const balanceCard = style({ gap: vars.space.md });

export const balanceTop = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const balanceLabel = style({
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.textMuted,
});

export const tier = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const balance = style({
  fontSize: vars.fontSize.xxxl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  overflowWrap: 'anywhere',
});

export const balanceWaiting = style({
  display: 'flex',
  alignItems: 'center',
  minHeight: vars.size.controlLg,
});

export const earned = style({
  color: vars.color.textSuccess,
  fontWeight: vars.fontWeight.medium,
});

export const goal = style({ color: vars.color.textMuted });

export const goalLabel = style({ fontWeight: vars.fontWeight.medium, color: vars.color.text });

export const balanceActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  marginTop: vars.space.sm,
});

export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, minWidth: 0 });

export const sectionTitle = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
});

export const tiles = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 13rem), 1fr))',
});

export const marketBody = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const unavailable = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  color: vars.color.textMuted,
});

export const split = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xl,
  margin: 0,
});

export const splitItem = style({ display: 'grid', gap: vars.space.xxs });

export const splitTerm = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const splitValue = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
});

export const chartWaiting = style({ display: 'grid', placeItems: 'center', minHeight: '14rem' });

export const history = style({ display: 'grid', gap: vars.space.lg });
