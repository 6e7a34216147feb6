import { style } from '@vanilla-extract/css';
import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';

/**
 * Side by side only where each step gets room for a readable line: below this width a row of
 * five steps squeezes descriptions to a few words per line. A container query, so the steps
 * decide by their own width, not the viewport's.
 */
const horizontalFrom = '900px';

export const container = style({ containerType: 'inline-size' });

export const list = recipe({
  base: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gap: vars.space.xl,
  },
  variants: {
    orientation: {
      vertical: {},
      horizontal: {
        '@container': {
          [`(min-width: ${horizontalFrom})`]: {
            gridAutoFlow: 'column',
            gridAutoColumns: 'minmax(0, 1fr)',
          },
        },
      },
    },
  },
  defaultVariants: { orientation: 'vertical' },
});

export type StepsVariants = NonNullable<RecipeVariants<typeof list>>;

export const item = recipe({
  base: {
    position: 'relative',
    display: 'grid',
    gridTemplateColumns: `${vars.size.controlSm} minmax(0, 1fr)`,
    columnGap: vars.space.lg,
    alignItems: 'start',
    // Side by side the steps share one height; the extra space goes below, not between number and title.
    alignContent: 'start',
    // The line from this step's number to the next one's.
    selectors: {
      '&:not(:last-child)::after': {
        content: '""',
        position: 'absolute',
        insetInlineStart: `calc(${vars.size.controlSm} / 2)`,
        top: `calc(${vars.size.controlSm} + ${vars.space.xs})`,
        bottom: `calc(-1 * ${vars.space.xl} + ${vars.space.xs})`,
        borderInlineStartWidth: vars.size.borderWidth,
        borderInlineStartStyle: 'solid',
        borderInlineStartColor: vars.color.borderStrong,
      },
    },
  },
  variants: {
    orientation: {
      vertical: {},
      horizontal: {
        '@container': {
          [`(min-width: ${horizontalFrom})`]: {
            gridTemplateColumns: 'minmax(0, 1fr)',
            rowGap: vars.space.md,
            selectors: {
              '&:not(:last-child)::after': {
                insetInlineStart: `calc(${vars.size.controlSm} + ${vars.space.sm})`,
                insetInlineEnd: `calc(-1 * ${vars.space.xl} + ${vars.space.sm})`,
                top: `calc(${vars.size.controlSm} / 2)`,
                bottom: 'auto',
                borderInlineStartWidth: 0,
                borderTopWidth: vars.size.borderWidth,
                borderTopStyle: 'solid',
                borderTopColor: vars.color.borderStrong,
              },
            },
          },
        },
      },
    },
  },
  defaultVariants: { orientation: 'vertical' },
});

export const marker = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: vars.size.controlSm,
  height: vars.size.controlSm,
  borderRadius: vars.radius.full,
  background: vars.color.accent,
  color: vars.color.textOnAccent,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
  fontVariantNumeric: 'tabular-nums',
  lineHeight: 1,
});

export const body = recipe({
  base: {
    display: 'flex',
    flexDirection: 'column',
    gap: vars.space.xs,
    minWidth: 0,
    // Beside the number, a one-line title is centred on it.
    paddingTop: `calc((${vars.size.controlSm} - ${vars.fontSize.lg} * ${vars.lineHeight.tight}) / 2)`,
  },
  variants: {
    orientation: {
      vertical: {},
      horizontal: {
        '@container': { [`(min-width: ${horizontalFrom})`]: { paddingTop: 0 } },
      },
    },
  },
  defaultVariants: { orientation: 'vertical' },
});

export const title = style({
  margin: 0,
  color: vars.color.text,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
});

export const description = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.normal,
});

/** A step's picture, above its title: its own size, kept off the title's line. */
export const icon = style({ display: 'flex', marginBottom: vars.space.xs });
