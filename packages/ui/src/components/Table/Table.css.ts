import { style } from '@vanilla-extract/css';
import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';

/**
 * The frame; it scrolls sideways when the table is wider than the screen. It is positioned, so
 * absolutely positioned content inside (visually hidden text, a badge's overlay) is held and
 * scrolled by it instead of widening the page.
 */
export const scroller = style({
  position: 'relative',
  maxWidth: '100%',
  overflowX: 'auto',
  borderWidth: vars.size.borderWidth,
  borderStyle: 'solid',
  borderColor: vars.color.border,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  selectors: {
    '&:focus-visible': {
      outline: `${vars.size.focusWidth} solid ${vars.color.focusRing}`,
      outlineOffset: '2px',
    },
  },
});

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  borderSpacing: 0,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
});

export const caption = style({
  captionSide: 'top',
  textAlign: 'start',
  paddingBlock: vars.space.lg,
  paddingInline: vars.space.lg,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
});

export const cell = recipe({
  base: {
    paddingBlock: vars.space.md,
    paddingInline: vars.space.lg,
    textAlign: 'start',
    verticalAlign: 'middle',
    borderTopWidth: vars.size.borderWidth,
    borderTopStyle: 'solid',
    borderTopColor: vars.color.border,
    // Records keep each value on one line; a table too wide for the screen scrolls instead.
    whiteSpace: 'nowrap',
  },
  variants: {
    /** Long text (a description, a note) may wrap. */
    wrap: {
      true: { whiteSpace: 'normal', minWidth: '12rem' },
      false: {},
    },
    kind: {
      data: {},
      rowHeader: { fontWeight: vars.fontWeight.medium },
      columnHeader: {
        paddingBlock: vars.space.sm,
        background: vars.color.surfaceSunken,
        color: vars.color.textMuted,
        fontWeight: vars.fontWeight.semibold,
        selectors: { '&[aria-sort]': { color: vars.color.text } },
      },
    },
    // Numbers align on the right, digit under digit.
    numeric: {
      true: { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
      false: {},
    },
  },
  defaultVariants: { kind: 'data', numeric: false, wrap: false },
});

export type CellVariants = NonNullable<RecipeVariants<typeof cell>>;

export const sortButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: vars.space.xl,
  margin: 0,
  padding: 0,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  selectors: {
    '&:hover': { color: vars.color.text, textDecoration: 'underline' },
    '&:focus-visible': {
      outline: `${vars.size.focusWidth} solid ${vars.color.focusRing}`,
      outlineOffset: '2px',
    },
  },
});

export const sortIcon = style({
  width: vars.fontSize.md,
  height: vars.fontSize.md,
  flexShrink: 0,
});

export const empty = style({
  paddingBlock: vars.space.xxl,
  paddingInline: vars.space.lg,
  textAlign: 'center',
  color: vars.color.textMuted,
  borderTopWidth: vars.size.borderWidth,
  borderTopStyle: 'solid',
  borderTopColor: vars.color.border,
});
