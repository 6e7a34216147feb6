import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';

export const coinIcon = recipe({
  base: { display: 'inline-block', flexShrink: 0, verticalAlign: 'middle' },
  variants: {
    size: {
      sm: { width: vars.fontSize.md, height: vars.fontSize.md },
      md: { width: vars.space.xl, height: vars.space.xl },
      lg: { width: vars.space.xxl, height: vars.space.xxl },
      xl: { width: vars.space.xxxl, height: vars.space.xxxl },
    },
  },
  defaultVariants: { size: 'md' },
});

export type CoinIconVariants = NonNullable<RecipeVariants<typeof coinIcon>>;
