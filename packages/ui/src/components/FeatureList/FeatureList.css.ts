import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const list = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
});

export const item = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
});

/** A tick in a soft accent disc, centred on the first line of text. */
export const check = style({
  flexShrink: 0,
  width: vars.space.xl,
  height: vars.space.xl,
  // Centres the 24 px disc on the first line (line box = font size × line height).
  marginTop: `calc((${vars.fontSize.sm} * ${vars.lineHeight.normal} - ${vars.space.xl}) / 2)`,
  padding: vars.space.xs,
  borderRadius: vars.radius.full,
  background: vars.color.accentSubtle,
  color: vars.color.textAccent,
});
