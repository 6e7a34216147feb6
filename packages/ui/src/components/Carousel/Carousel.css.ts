import { style } from '@vanilla-extract/css';
import { media } from '../../theme/breakpoints';
import { vars } from '../../theme/contract.css';

/**
 * The gap between slides: exactly 30 px, a fixed product number rather than one of the
 * spacing scale (which has 24 and 32), so it is kept exactly here.
 */
export const slideGap = '30px';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  minWidth: 0,
});

export const track = style({
  display: 'grid',
  gridAutoFlow: 'column',
  gridAutoColumns: '100%',
  columnGap: slideGap,
  // Slides stand side by side in a scroller that snaps to a slide: swipe and trackpad come free.
  overflowX: 'auto',
  overscrollBehaviorX: 'contain',
  scrollSnapType: 'x mandatory',
  // The buttons and dots are the visible controls; the scrollbar would only repeat them.
  scrollbarWidth: 'none',
  position: 'relative',
  borderRadius: vars.radius.lg,
  selectors: {
    '&::-webkit-scrollbar': { display: 'none' },
    '&:focus-visible': {
      outline: `${vars.size.focusWidth} solid ${vars.color.focusRing}`,
      outlineOffset: '2px',
    },
  },
  // Slides per view follow the viewport: 1 slide by default, 2 from `tablet`, 3 from `desktop`.
  '@media': {
    [media.tablet]: {
      gridAutoColumns: `calc((100% - ${slideGap}) / 2)`,
    },
    [media.desktop]: {
      gridAutoColumns: `calc((100% - 2 * ${slideGap}) / 3)`,
    },
  },
});

export const slide = style({
  minWidth: 0,
  scrollSnapAlign: 'start',
  display: 'flex',
  flexDirection: 'column',
});

export const controls = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
});

export const controlButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: vars.size.control,
  height: vars.size.control,
  padding: 0,
  borderRadius: vars.radius.full,
  borderWidth: vars.size.borderWidth,
  borderStyle: 'solid',
  borderColor: vars.color.borderStrong,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: 'pointer',
  transitionProperty: 'background-color',
  transitionDuration: vars.motion.fast,
  transitionTimingFunction: vars.motion.easing,
  selectors: {
    '&:hover': { background: vars.color.surfaceSunken },
    '&:focus-visible': {
      outline: `${vars.size.focusWidth} solid ${vars.color.focusRing}`,
      outlineOffset: '2px',
    },
  },
});

/** The start/stop control stands a little apart from the ones that move between slides. */
export const rotationButton = style({ marginInlineEnd: vars.space.md });

export const icon = style({ width: vars.fontSize.lg, height: vars.fontSize.lg });

export const dots = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  paddingInline: vars.space.xs,
});

/** The hit area is 24 px (WCAG 2.2 target size); the dot drawn inside it is smaller. */
export const dot = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: vars.space.xl,
  height: vars.space.xl,
  padding: 0,
  border: 0,
  borderRadius: vars.radius.full,
  background: 'transparent',
  cursor: 'pointer',
  selectors: {
    '&::before': {
      content: '""',
      display: 'block',
      width: vars.space.sm,
      height: vars.space.sm,
      borderRadius: vars.radius.full,
      background: vars.color.borderStrong,
      transitionProperty: 'width, background-color',
      transitionDuration: vars.motion.fast,
      transitionTimingFunction: vars.motion.easing,
    },
    '&:hover::before': { background: vars.color.textMuted },
    // The current dot is longer as well as coloured: its state is not told by colour alone.
    '&[aria-current="true"]::before': { width: vars.fontSize.md, background: vars.color.accent },
    '&:focus-visible': {
      outline: `${vars.size.focusWidth} solid ${vars.color.focusRing}`,
      outlineOffset: '1px',
    },
  },
});
