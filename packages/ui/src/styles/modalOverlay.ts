import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

// The overlay dims the page at opacity 0.55 behind dialogs and the menu sheet (a ratio, so not
// a theme token).
const overlayOpacity = '0.55';

/**
 * The dimmed layer behind a modal (Dialog, the menu sheet), fading in and out over `duration` with
 * Radix's `data-state`. Call it from a `.css.ts` file.
 *
 * No animation-fill-mode: the resting styles are the end of the "show" animation, and Radix holds the
 * end of a "hide" animation itself until it unmounts. (A fill mode would also leave the start frame in
 * the test-runner's screenshots, where Storybook pauses animations reversed at their end.)
 */
export function modalOverlay(duration: string) {
  const show = keyframes({ from: { opacity: 0 }, to: { opacity: overlayOpacity } });
  const hide = keyframes({ from: { opacity: overlayOpacity }, to: { opacity: 0 } });
  return style({
    position: 'fixed',
    inset: 0,
    zIndex: 50,
    background: vars.color.overlay,
    // A modal turns pointer events off on <body>; a press on the overlay still closes it.
    pointerEvents: 'auto',
    opacity: overlayOpacity,
    animationDuration: duration,
    animationTimingFunction: vars.motion.easing,
    selectors: {
      '&[data-state="open"]': { animationName: show },
      '&[data-state="closed"]': { animationName: hide },
    },
  });
}
