import { style } from '@vanilla-extract/css';

/**
 * The 480 × 360 pictures (`hero-*.svg`, `about-header.svg`, `about-trade-with-us.svg`) draw a rounded
 * frame (a rect with rx 28) and let their decorations run past its corners: the picture is clipped to
 * that same frame, in percentages of its box so that it follows the picture at any size.
 */
export const framedIllustration = style({
  borderRadius: `${(28 / 480) * 100}% / ${(28 / 360) * 100}%`,
  overflow: 'hidden',
});
