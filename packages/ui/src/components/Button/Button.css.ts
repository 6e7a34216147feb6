import { style } from '@vanilla-extract/css';
import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';

export const button = recipe({
  base: {
    position: 'relative',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space.sm,
    borderRadius: vars.radius.md,
    borderWidth: vars.size.borderWidth,
    borderStyle: 'solid',
    borderColor: 'transparent',
    fontFamily: vars.font.body,
    fontWeight: vars.fontWeight.semibold,
    lineHeight: vars.lineHeight.tight,
    textDecoration: 'none',
    whiteSpace: 'nowrap',
    cursor: 'pointer',
    userSelect: 'none',
    transitionProperty: 'background-color, border-color, color, box-shadow',
    transitionDuration: vars.motion.fast,
    transitionTimingFunction: vars.motion.easing,
    selectors: {
      '&:focus-visible': {
        outline: `${vars.size.focusWidth} solid ${vars.color.focusRing}`,
        outlineOffset: '2px',
      },
      '&:disabled, &[aria-disabled="true"]': { cursor: 'not-allowed' },
      '&[aria-busy="true"]': { cursor: 'progress' },
    },
  },
  variants: {
    variant: {
      primary: {
        background: vars.color.accent,
        color: vars.color.textOnAccent,
        selectors: {
          '&:hover:not(:disabled, [aria-disabled="true"])': { background: vars.color.accentHover },
        },
      },
      secondary: {
        background: vars.color.surface,
        color: vars.color.text,
        borderColor: vars.color.borderStrong,
        selectors: {
          '&:hover:not(:disabled, [aria-disabled="true"])': { background: vars.color.surfaceSunken },
        },
      },
      ghost: {
        background: 'transparent',
        color: vars.color.textAccent,
        selectors: {
          '&:hover:not(:disabled, [aria-disabled="true"])': { background: vars.color.accentSubtle },
        },
      },
      danger: {
        background: vars.color.danger,
        color: vars.color.textOnDanger,
        selectors: {
          '&:hover:not(:disabled, [aria-disabled="true"])': { background: vars.color.dangerHover },
        },
      },
    },
    size: {
      sm: {
        minHeight: vars.size.controlSm,
        paddingInline: vars.space.md,
        fontSize: vars.fontSize.sm,
      },
      md: {
        minHeight: vars.size.control,
        paddingInline: vars.space.lg,
        fontSize: vars.fontSize.md,
      },
      lg: {
        minHeight: vars.size.controlLg,
        paddingInline: vars.space.xl,
        fontSize: vars.fontSize.lg,
      },
    },
    fullWidth: {
      true: { width: '100%' },
      false: {},
    },
  },
  defaultVariants: { variant: 'primary', size: 'md', fullWidth: false },
});

export type ButtonVariants = NonNullable<RecipeVariants<typeof button>>;

/** Disabled looks the same in every variant: muted but still legible. Declared after the recipe so it wins. */
export const disabled = style({
  background: vars.color.surfaceSunken,
  color: vars.color.textMuted,
  borderColor: vars.color.border,
});

/** While loading, the label keeps its space (so the button keeps its size) but is not painted. */
export const labelHidden = style({ opacity: 0 });

export const spinnerSlot = style({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
});
