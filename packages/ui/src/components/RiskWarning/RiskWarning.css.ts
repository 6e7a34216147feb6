import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const warning = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.md,
  margin: 0,
  padding: vars.space.lg,
  borderWidth: vars.size.borderWidth,
  borderStyle: 'solid',
  borderColor: vars.color.borderStrong,
  borderRadius: vars.radius.md,
  background: vars.color.warningSubtle,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
});

export const icon = style({
  flexShrink: 0,
  width: vars.fontSize.lg,
  height: vars.fontSize.lg,
  color: vars.color.textWarning,
});

export const text = style({ margin: 0 });

export const lead = style({ fontWeight: vars.fontWeight.semibold });
