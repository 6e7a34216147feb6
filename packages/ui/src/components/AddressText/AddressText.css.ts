import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const root = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  minWidth: 0,
});

export const address = style({
  flex: '1 1 16ch',
  minWidth: 0,
  margin: 0,
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceSunken,
  color: vars.color.text,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.relaxed,
  fontVariantNumeric: 'tabular-nums',
});

/** One group of characters; the gap after it is a margin, not a space, so a hand copy has none. */
export const group = style({
  selectors: {
    '&:not(:last-child)': { marginInlineEnd: vars.space.sm },
  },
});

export const status = style({ flexBasis: '100%' });
