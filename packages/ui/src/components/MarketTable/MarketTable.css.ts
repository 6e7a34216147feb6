import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  minWidth: 0,
  fontFamily: vars.font.body,
});

export const rank = style({
  color: vars.color.textMuted,
});

export const coin = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
});

export const coinImage = style({
  flexShrink: 0,
  width: vars.space.xl,
  height: vars.space.xl,
  borderRadius: vars.radius.full,
  objectFit: 'cover',
});

export const symbol = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  textTransform: 'uppercase',
});

export const waiting = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
});

/** The "as of" time and the data's attribution, under the table. */
export const footnote = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space.xs,
  margin: 0,
  paddingInline: vars.space.xs,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.normal,
});
