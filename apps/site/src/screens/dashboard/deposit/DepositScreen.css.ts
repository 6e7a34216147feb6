import { media, vars } from '@ledgerline/ui';
import { style } from '@vanilla-extract/css';

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

export const hint = style({ color: vars.color.textMuted, lineHeight: vars.lineHeight.relaxed });

export const loading = style({ display: 'flex', justifyContent: 'center', paddingBlock: vars.space.xl });

export const unavailable = style({
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  background: vars.color.warningSubtle,
  color: vars.color.textWarning,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.relaxed,
});

export const payment = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  paddingTop: vars.space.lg,
  borderTop: `${vars.size.borderWidth} solid ${vars.color.border}`,
});

export const paymentTitle = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
});
