import { vars } from '@ledgerline/ui';
import { style } from '@vanilla-extract/css';

export const loading = style({ display: 'grid', placeItems: 'center', padding: vars.space.xxl });

export const alerts = style({
  display: 'grid',
  gap: vars.space.xs,
  margin: 0,
  padding: vars.space.lg,
  listStyle: 'none',
  borderWidth: vars.size.borderWidth,
  borderStyle: 'solid',
  borderColor: vars.color.textWarning,
  borderRadius: vars.radius.lg,
  background: vars.color.warningSubtle,
});

export const alertsTitle = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
});

export const alert = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, alignItems: 'baseline' });

export const alertFund = style({ fontWeight: vars.fontWeight.semibold });

export const switchCard = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  alignItems: 'center',
  justifyContent: 'space-between',
});

export const switchText = style({ display: 'grid', gap: vars.space.xxs, minWidth: 0 });

export const switchTitle = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
});

export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const text = style({ margin: 0, lineHeight: vars.lineHeight.relaxed });

export const section = style({ display: 'grid', gap: vars.space.md, minWidth: 0 });

export const sectionTitle = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
});

// A long status reason wraps within the column instead of widening the table.
export const fundName = style({
  display: 'grid',
  gap: vars.space.xxs,
  minWidth: '12rem',
  maxWidth: '20rem',
  whiteSpace: 'normal',
});

export const link = style({ color: vars.color.textAccent, fontWeight: vars.fontWeight.medium });

export const nowrap = style({ whiteSpace: 'nowrap' });

export const warningText = style({ color: vars.color.textDanger, fontWeight: vars.fontWeight.semibold });

export const exposure = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
  display: 'grid',
  gap: vars.space.xxs,
});

export const figures = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 11rem), 1fr))',
  gap: vars.space.lg,
  margin: 0,
});

export const figure = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs, minWidth: 0 });

export const term = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const value = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  fontVariantNumeric: 'tabular-nums',
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const filters = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  alignItems: 'end',
});

export const form = style({ display: 'grid', gap: vars.space.md });

export const fieldGrid = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 14rem), 1fr))',
});

export const changes = style({
  margin: 0,
  paddingInlineStart: vars.space.lg,
  display: 'grid',
  gap: vars.space.xxs,
});

export const agreed = style({
  margin: 0,
  color: vars.color.textSuccess,
  fontWeight: vars.fontWeight.semibold,
});

/** The settings dialog: room for two columns of fields and a comparison table. */
// Doubled class: wins over the dialog's own width whichever stylesheet loads last.
export const wideDialog = style({ selectors: { '&&': { maxWidth: '48rem' } } });
