import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';

// Each tone pairs a subtle background with the text colour documented as AA on it (tokens.ts).
export const badge = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.xs,
    paddingBlock: vars.space.xxs,
    paddingInline: vars.space.sm,
    borderRadius: vars.radius.full,
    fontFamily: vars.font.body,
    fontSize: vars.fontSize.xs,
    fontWeight: vars.fontWeight.semibold,
    lineHeight: vars.lineHeight.normal,
    whiteSpace: 'nowrap',
    verticalAlign: 'middle',
  },
  variants: {
    tone: {
      neutral: { background: vars.color.surfaceSunken, color: vars.color.textMuted },
      accent: { background: vars.color.accentSubtle, color: vars.color.textAccent },
      success: { background: vars.color.successSubtle, color: vars.color.textSuccess },
      warning: { background: vars.color.warningSubtle, color: vars.color.textWarning },
      danger: { background: vars.color.dangerSubtle, color: vars.color.textDanger },
      info: { background: vars.color.infoSubtle, color: vars.color.textInfo },
    },
  },
  defaultVariants: { tone: 'neutral' },
});

export type BadgeVariants = NonNullable<RecipeVariants<typeof badge>>;
