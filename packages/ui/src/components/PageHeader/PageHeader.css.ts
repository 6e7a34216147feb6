import { style } from '@vanilla-extract/css';
import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';

export const root = recipe({
  base: {
    display: 'grid',
    alignItems: 'center',
    gap: vars.space.xxl,
    paddingBlock: vars.space.xxl,
    color: vars.color.text,
    fontFamily: vars.font.body,
  },
  variants: {
    /** With an illustration: text and picture side by side once both have room, stacked below. */
    withIllustration: {
      true: { gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 22rem), 1fr))' },
      false: { gridTemplateColumns: 'minmax(0, 1fr)' },
    },
    align: {
      start: {},
      center: { textAlign: 'center', justifyItems: 'center' },
    },
  },
  defaultVariants: { withIllustration: false, align: 'start' },
});

export type PageHeaderVariants = NonNullable<RecipeVariants<typeof root>>;

export const text = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  // A comfortable reading measure for the brief.
  maxWidth: '40rem',
  minWidth: 0,
});

export const title = style({
  fontSize: vars.fontSize.display,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  letterSpacing: '-0.02em',
  overflowWrap: 'break-word',
});

export const eyebrow = style({
  color: vars.color.textAccent,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: '0.06em',
  textTransform: 'uppercase',
});

export const brief = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.lg,
  lineHeight: vars.lineHeight.relaxed,
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  marginTop: vars.space.sm,
});

export const actionsCentered = style({ justifyContent: 'center' });

export const illustration = style({
  display: 'flex',
  justifyContent: 'center',
  minWidth: 0,
});
