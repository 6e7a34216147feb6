import { style } from '@vanilla-extract/css';
import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';

/** The marker's diameter: the glyph's 1em box at this size. */
const markerSize = vars.fontSize.xl;

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.lg,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.text,
});

export const item = style({
  position: 'relative',
  display: 'grid',
  gridTemplateColumns: `${markerSize} minmax(0, 1fr)`,
  columnGap: vars.space.md,
  alignItems: 'start',
  selectors: {
    // The line from this state's marker down to the next one's.
    '&:not(:last-child)::after': {
      content: '""',
      position: 'absolute',
      insetInlineStart: `calc(${markerSize} / 2)`,
      top: `calc(${markerSize} + ${vars.space.xxs})`,
      bottom: `calc(-1 * ${vars.space.lg} + ${vars.space.xxs})`,
      borderInlineStartWidth: vars.size.borderWidth,
      borderInlineStartStyle: 'solid',
      borderInlineStartColor: vars.color.borderStrong,
    },
  },
});

// Each tone's glyph is drawn in the text colour documented as AA on the surface (tokens.ts).
export const marker = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: markerSize,
    height: markerSize,
    fontSize: markerSize,
    // One line of text (the label) is centred on the marker.
    marginTop: `calc((${vars.fontSize.sm} * ${vars.lineHeight.normal} - ${markerSize}) / 2)`,
  },
  variants: {
    tone: {
      neutral: { color: vars.color.textMuted },
      positive: { color: vars.color.textSuccess },
      negative: { color: vars.color.textDanger },
      pending: { color: vars.color.textWarning },
    },
  },
  defaultVariants: { tone: 'neutral' },
});

export type TimelineMarkerVariants = NonNullable<RecipeVariants<typeof marker>>;

export const body = style({ display: 'grid', gap: vars.space.xxs, minWidth: 0 });

/** The label and the time on one line, the time after the label; they wrap apart on a narrow screen. */
export const heading = style({
  margin: 0,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  columnGap: vars.space.sm,
});

export const label = style({ fontWeight: vars.fontWeight.semibold });

export const time = style({ color: vars.color.textMuted, fontVariantNumeric: 'tabular-nums' });

export const actor = style({ margin: 0, color: vars.color.textMuted });

/** A note as wide as its words (up to the column), so a short reason does not draw a long band. */
export const note = style({
  justifySelf: 'start',
  margin: 0,
  marginTop: vars.space.xxs,
  paddingBlock: vars.space.xs,
  paddingInline: vars.space.sm,
  borderInlineStartWidth: vars.size.focusWidth,
  borderInlineStartStyle: 'solid',
  borderInlineStartColor: vars.color.border,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceSunken,
  overflowWrap: 'anywhere',
});
