import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  gap: vars.space.md,
  paddingBlock: vars.space.xxxl,
  paddingInline: vars.space.xl,
  borderRadius: vars.radius.lg,
  borderWidth: vars.size.borderWidth,
  borderStyle: 'dashed',
  borderColor: vars.color.border,
  background: vars.color.surface,
  color: vars.color.text,
});

export const iconWell = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: vars.space.huge,
  height: vars.space.huge,
  marginBottom: vars.space.xs,
  borderRadius: vars.radius.full,
  background: vars.color.surfaceSunken,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xxxl,
});

export const title = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
  color: vars.color.text,
});

export const description = style({
  maxWidth: '44ch',
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.textMuted,
});

export const actionSlot = style({ marginTop: vars.space.sm });
