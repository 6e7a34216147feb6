import { vars } from '@ledgerline/ui';
import { style } from '@vanilla-extract/css';

export const text = style({ color: vars.color.textMuted, lineHeight: vars.lineHeight.relaxed });

export const list = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  margin: 0,
  paddingLeft: vars.space.lg,
  color: vars.color.textMuted,
  lineHeight: vars.lineHeight.relaxed,
});

export const fee = style({
  display: 'flex',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  marginTop: vars.space.md,
  paddingTop: vars.space.md,
  borderTop: `${vars.size.borderWidth} solid ${vars.color.border}`,
  fontWeight: vars.fontWeight.semibold,
});
