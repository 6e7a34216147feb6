import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';

export const money = recipe({
  base: {
    // Digits of equal width, so amounts in a column or a ticking balance line up.
    fontVariantNumeric: 'tabular-nums',
    whiteSpace: 'nowrap',
  },
  variants: {
    // Colour only repeats what the `+`/`-` already says (never colour alone).
    tone: {
      neutral: {},
      credit: { color: vars.color.textSuccess },
      debit: { color: vars.color.textDanger },
    },
  },
  defaultVariants: { tone: 'neutral' },
});

export type MoneyVariants = NonNullable<RecipeVariants<typeof money>>;
