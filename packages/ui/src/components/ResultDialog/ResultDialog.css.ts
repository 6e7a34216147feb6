import { style } from '@vanilla-extract/css';
import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';

export const content = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  paddingTop: vars.space.xxl,
});

export const icon = recipe({
  base: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: vars.space.huge,
    height: vars.space.huge,
    marginBottom: vars.space.lg,
    borderRadius: vars.radius.full,
    fontSize: vars.fontSize.xxxl,
  },
  variants: {
    tone: {
      success: { background: vars.color.successSubtle, color: vars.color.textSuccess },
      error: { background: vars.color.dangerSubtle, color: vars.color.textDanger },
    },
  },
  defaultVariants: { tone: 'success' },
});

export type ResultDialogVariants = NonNullable<RecipeVariants<typeof icon>>;

// Centred text: the room kept for the close button is kept on both sides so the title stays centred.
export const title = style({
  paddingInline: `calc(${vars.size.controlSm} + ${vars.space.xs})`,
});

export const message = style({
  marginTop: vars.space.sm,
  fontSize: vars.fontSize.md,
  fontVariantNumeric: 'tabular-nums',
});

export const footer = style({
  alignSelf: 'stretch',
  marginTop: vars.space.xl,
});
