import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const figure = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xl,
  minWidth: 0,
  height: '100%',
  margin: 0,
  padding: vars.space.xl,
  borderWidth: vars.size.borderWidth,
  borderStyle: 'solid',
  borderColor: vars.color.border,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.sm,
  fontFamily: vars.font.body,
});

/** A large opening quotation mark, drawn: decorative. */
export const quoteMark = style({
  width: vars.space.xxl,
  height: vars.space.xxl,
  color: vars.color.accent,
});

export const quote = style({
  flex: 1,
  margin: 0,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.relaxed,
});

export const caption = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
});

export const avatar = style({
  flexShrink: 0,
  width: vars.space.xxxl,
  height: vars.space.xxxl,
  borderRadius: vars.radius.full,
  objectFit: 'cover',
});

/** Initials in a circle, when there is no picture. */
export const initials = style([
  avatar,
  {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    background: vars.color.accentSubtle,
    color: vars.color.text,
    fontSize: vars.fontSize.md,
    fontWeight: vars.fontWeight.semibold,
  },
]);

export const who = style({
  display: 'flex',
  flexDirection: 'column',
  minWidth: 0,
});

export const name = style({
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.normal,
});

export const place = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
});
