import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

/** The amount, then whom it is for: the two facts a person must read before confirming. */
export const summary = style({
  display: 'grid',
  gap: vars.space.xxs,
});

export const amount = style({
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
});

export const recipient = style({
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  overflowWrap: 'anywhere',
});

export const details = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  columnGap: vars.space.md,
  rowGap: vars.space.xs,
  margin: 0,
  fontSize: vars.fontSize.sm,
});

export const term = style({ color: vars.color.textMuted });

export const definition = style({ margin: 0, overflowWrap: 'anywhere' });

export const error = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  marginTop: vars.space.lg,
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.dangerSubtle,
  color: vars.color.textDanger,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.normal,
});

/** One line high, so the glyph sits centred on the message's first line. */
export const errorIcon = style({
  display: 'flex',
  alignItems: 'center',
  flexShrink: 0,
  height: `calc(${vars.fontSize.sm} * ${vars.lineHeight.normal})`,
  fontSize: vars.fontSize.md,
});
