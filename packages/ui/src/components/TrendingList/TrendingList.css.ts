import { style } from '@vanilla-extract/css';
import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';

export const list = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 15rem), 1fr))',
  gap: vars.space.lg,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontFamily: vars.font.body,
  color: vars.color.text,
});

export const item = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  minWidth: 0,
  padding: vars.space.lg,
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
  gap: vars.space.md,
  minWidth: 0,
});

export const image = style({
  flexShrink: 0,
  width: vars.size.controlSm,
  height: vars.size.controlSm,
  borderRadius: vars.radius.full,
  objectFit: 'cover',
});

export const names = style({
  display: 'flex',
  flexDirection: 'column',
  minWidth: 0,
  flex: 1,
});

export const name = style({
  margin: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
});

export const symbol = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.normal,
  textTransform: 'uppercase',
});

export const change = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.xxs,
    flexShrink: 0,
    paddingBlock: vars.space.xxs,
    paddingInline: vars.space.sm,
    borderRadius: vars.radius.full,
    fontSize: vars.fontSize.xs,
    fontWeight: vars.fontWeight.semibold,
    lineHeight: vars.lineHeight.normal,
    fontVariantNumeric: 'tabular-nums',
  },
  variants: {
    // The sign and the arrow carry the direction; the colour repeats it.
    direction: {
      up: { background: vars.color.successSubtle, color: vars.color.textSuccess },
      down: { background: vars.color.dangerSubtle, color: vars.color.textDanger },
      flat: { background: vars.color.surfaceSunken, color: vars.color.textMuted },
    },
  },
});

export type ChangeVariants = NonNullable<RecipeVariants<typeof change>>;

export const arrow = style({ width: vars.fontSize.xs, height: vars.fontSize.xs, flexShrink: 0 });

export const price = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
  fontVariantNumeric: 'tabular-nums',
});

export const sparkline = style({
  display: 'block',
  width: '100%',
  height: vars.space.xxxl,
  objectFit: 'fill',
});

/** A grey block where a value will be. */
export const placeholder = style({
  display: 'block',
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceSunken,
});
