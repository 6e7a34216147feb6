import { keyframes, style } from '@vanilla-extract/css';
import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { media } from '../../theme/breakpoints';
import { vars } from '../../theme/contract.css';

export const tape = recipe({
  base: {
    position: 'relative',
    display: 'block',
    minWidth: 0,
    color: vars.color.text,
    fontFamily: vars.font.body,
    fontSize: vars.fontSize.sm,
    lineHeight: vars.lineHeight.normal,
    borderRadius: vars.radius.sm,
    selectors: {
      '&:focus-visible': {
        outline: `${vars.size.focusWidth} solid ${vars.color.focusRing}`,
        outlineOffset: '2px',
      },
    },
  },
  variants: {
    motion: {
      // Moving: the strip is clipped (its ends fade out, see `fade`).
      auto: {
        overflow: 'hidden',
        '@media': {
          [media.reducedMotion]: { overflowX: 'auto', overflowY: 'hidden' },
        },
      },
      // Still: a strip the person scrolls.
      static: { overflowX: 'auto', overflowY: 'hidden' },
    },
  },
  defaultVariants: { motion: 'auto' },
});

export type TickerTapeVariants = NonNullable<RecipeVariants<typeof tape>>;

/**
 * Fades the ends of a moving strip. On an inner box, not the focusable region: a mask would clip the
 * region's focus outline too.
 */
export const fade = style({
  selectors: {
    '[data-motion="auto"] > &': {
      // The strip starts after the faded edge, so nothing is cut at rest.
      paddingInlineStart: vars.space.lg,
      // A mask reads only alpha: any opaque colour would do.
      maskImage: `linear-gradient(to right, transparent, ${vars.color.text} ${vars.space.lg}, ${vars.color.text} calc(100% - ${vars.space.lg}), transparent)`,
    },
  },
  '@media': {
    [media.reducedMotion]: {
      selectors: { '[data-motion="auto"] > &': { paddingInlineStart: 0, maskImage: 'none' } },
    },
  },
});

// The track holds two identical lists side by side; moving it by half its width brings the copy
// exactly where the original was, so the loop has no seam.
const scroll = keyframes({
  from: { transform: 'translateX(0)' },
  to: { transform: 'translateX(-50%)' },
});

export const track = style({
  display: 'flex',
  width: 'max-content',
  selectors: {
    '[data-motion="auto"] > * > &': {
      animationName: scroll,
      animationTimingFunction: 'linear',
      animationIterationCount: 'infinite',
    },
    // Pauses while pointed at or focused, so a price can be read.
    '[data-motion="auto"]:hover > * > &, [data-motion="auto"]:focus-within > * > &': {
      animationPlayState: 'paused',
    },
  },
  '@media': {
    [media.reducedMotion]: { selectors: { '[data-motion="auto"] > * > &': { animationName: 'none' } } },
  },
});

export const list = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xl,
  margin: 0,
  // The gap after the last item too: the seam between the copies is as wide as any other gap.
  paddingBlock: vars.space.sm,
  paddingInline: `0 ${vars.space.xl}`,
  listStyle: 'none',
});

/** The copy that makes the loop seamless; gone when nothing moves. */
export const copy = style({
  '@media': {
    [media.reducedMotion]: { display: 'none' },
  },
});

export const item = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  whiteSpace: 'nowrap',
  fontVariantNumeric: 'tabular-nums',
});

export const symbol = style({
  fontWeight: vars.fontWeight.semibold,
});

export const price = style({
  color: vars.color.text,
});

export const change = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.xxs,
    fontWeight: vars.fontWeight.medium,
  },
  variants: {
    // The sign and the arrow carry the direction; the colour repeats it.
    direction: {
      up: { color: vars.color.textSuccess },
      down: { color: vars.color.textDanger },
      flat: { color: vars.color.textMuted },
    },
  },
});

export const arrow = style({
  width: vars.fontSize.sm,
  height: vars.fontSize.sm,
  flexShrink: 0,
});
