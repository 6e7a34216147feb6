import { keyframes, style } from '@vanilla-extract/css';
import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { media } from '../../theme/breakpoints';
import { vars } from '../../theme/contract.css';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinner = recipe({
  base: {
    display: 'inline-block',
    flexShrink: 0,
    borderRadius: vars.radius.full,
    borderStyle: 'solid',
    borderColor: 'currentColor',
    borderRightColor: 'transparent',
    animationName: spin,
    animationDuration: '0.8s',
    animationTimingFunction: 'linear',
    animationIterationCount: 'infinite',
    '@media': {
      // Under reduced motion the ring stays still; the label still says it is loading.
      [media.reducedMotion]: { animationDuration: '0s' },
    },
  },
  variants: {
    size: {
      sm: { width: vars.fontSize.md, height: vars.fontSize.md, borderWidth: '2px' },
      md: { width: vars.fontSize.xxl, height: vars.fontSize.xxl, borderWidth: '3px' },
      lg: { width: vars.space.xxxl, height: vars.space.xxxl, borderWidth: '4px' },
    },
  },
  defaultVariants: { size: 'md' },
});

export type SpinnerVariants = NonNullable<RecipeVariants<typeof spinner>>;

export const paused = style({ animationPlayState: 'paused' });
