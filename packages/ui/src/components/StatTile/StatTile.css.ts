import { keyframes, style } from '@vanilla-extract/css';
import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';

export const tile = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  minWidth: 0,
  padding: vars.space.xl,
  borderWidth: vars.size.borderWidth,
  borderStyle: 'solid',
  borderColor: vars.color.border,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  boxShadow: vars.shadow.sm,
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  minHeight: vars.size.controlSm,
});

export const label = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.normal,
});

export const icon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: vars.size.controlSm,
  height: vars.size.controlSm,
  borderRadius: vars.radius.full,
  background: vars.color.accentSubtle,
  color: vars.color.textAccent,
});

export const amount = style({
  margin: 0,
  color: vars.color.text,
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
  overflowWrap: 'anywhere',
});

export const trend = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.xs,
    margin: 0,
    fontSize: vars.fontSize.sm,
    fontWeight: vars.fontWeight.medium,
    lineHeight: vars.lineHeight.normal,
    fontVariantNumeric: 'tabular-nums',
  },
  variants: {
    // The arrow and the word "Up"/"Down" carry the meaning; the colour repeats it.
    direction: {
      up: { color: vars.color.textSuccess },
      down: { color: vars.color.textDanger },
    },
  },
});

export type TrendVariants = NonNullable<RecipeVariants<typeof trend>>;

export const trendIcon = style({ width: vars.fontSize.md, height: vars.fontSize.md, flexShrink: 0 });

const pulse = keyframes({ '50%': { opacity: 0.5 } });

/** A grey bar where a value will be. Pulses gently; still under reduced motion (durations are 0). */
export const skeleton = recipe({
  base: {
    display: 'block',
    borderRadius: vars.radius.sm,
    // The hairline colour: visible on the tile in both themes, quieter than any text.
    background: vars.color.border,
    animationName: pulse,
    animationDuration: `calc(${vars.motion.slow} * 5)`,
    animationTimingFunction: 'ease-in-out',
    animationIterationCount: 'infinite',
  },
  variants: {
    size: {
      amount: { width: '60%', height: `calc(${vars.fontSize.xxl} * ${vars.lineHeight.tight})` },
      line: { width: '40%', height: `calc(${vars.fontSize.sm} * ${vars.lineHeight.normal})` },
    },
  },
});
