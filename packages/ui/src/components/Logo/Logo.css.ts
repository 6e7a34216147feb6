import { style } from '@vanilla-extract/css';
import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';

export const logo = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.sm,
    flexShrink: 0,
    color: vars.color.text,
    fontFamily: vars.font.body,
    fontWeight: vars.fontWeight.bold,
    lineHeight: vars.lineHeight.tight,
    // The name is a wordmark: a touch tighter than running text.
    letterSpacing: '-0.01em',
    textDecoration: 'none',
    whiteSpace: 'nowrap',
    borderRadius: vars.radius.sm,
    selectors: {
      '&:focus-visible': {
        outline: `${vars.size.focusWidth} solid ${vars.color.focusRing}`,
        outlineOffset: '2px',
      },
    },
  },
  variants: {
    size: {
      sm: { fontSize: vars.fontSize.md },
      md: { fontSize: vars.fontSize.xl },
      lg: { fontSize: vars.fontSize.xxl },
    },
  },
  defaultVariants: { size: 'md' },
});

export type LogoVariants = NonNullable<RecipeVariants<typeof logo>>;

/** The mark scales with the name beside it. */
export const mark = style({
  width: '1.4em',
  height: '1.4em',
  flexShrink: 0,
  color: vars.color.accent,
});

/** The ruled lines and the rising line, in the colour made for text on the accent. */
export const markLines = style({ stroke: vars.color.textOnAccent });
