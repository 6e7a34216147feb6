import { style } from '@vanilla-extract/css';
import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';

const cardBase = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  minWidth: 0,
  height: '100%',
  padding: vars.space.xl,
  borderWidth: vars.size.borderWidth,
  borderStyle: 'solid',
  borderColor: vars.color.border,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.sm,
  fontFamily: vars.font.body,
});

export const card = recipe({
  base: cardBase,
  variants: {
    /** The plan the person is on: an accent frame, twice as thick, so it reads without colour too. */
    current: {
      true: {
        borderColor: vars.color.accent,
        boxShadow: `0 0 0 ${vars.size.borderWidth} ${vars.color.accent}, ${vars.shadow.sm}`,
      },
      false: {},
    },
  },
  defaultVariants: { current: false },
});

export type PlanCardVariants = NonNullable<RecipeVariants<typeof card>>;

/** The name, and the "current" badge beside it when there is one. */
export const titleRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const header = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});

export const title = style({
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
});

/** Read after the title, shown above it. */
export const subtitle = style({
  order: -1,
  margin: 0,
  color: vars.color.textAccent,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: '0.06em',
  lineHeight: vars.lineHeight.normal,
  textTransform: 'uppercase',
});

export const range = style({
  margin: 0,
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  fontVariantNumeric: 'tabular-nums',
  overflowWrap: 'anywhere',
});

/** A second reading of the range (another currency), smaller, under it. */
export const rangeNote = style({
  display: 'block',
  marginTop: vars.space.xs,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.regular,
  lineHeight: vars.lineHeight.normal,
});

export const rangeLabel = style({
  display: 'block',
  marginBottom: vars.space.xs,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
});

export const support = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceSunken,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
});

export const supportIcon = style({
  flexShrink: 0,
  width: vars.fontSize.lg,
  height: vars.fontSize.lg,
  color: vars.color.textMuted,
});

export const features = style({
  paddingTop: vars.space.lg,
  borderTopWidth: vars.size.borderWidth,
  borderTopStyle: 'solid',
  borderTopColor: vars.color.border,
});

/** The action sits at the bottom, so actions line up across a row of cards. */
export const action = style({
  display: 'flex',
  flexDirection: 'column',
  marginTop: 'auto',
  paddingTop: vars.space.sm,
});
