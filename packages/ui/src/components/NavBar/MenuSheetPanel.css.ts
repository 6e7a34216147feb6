// The sheet's own styles load with it (MenuSheetPanel), on the first press of the hamburger.
import { keyframes, style } from '@vanilla-extract/css';
import { modalOverlay } from '../../styles/modalOverlay';
import { vars } from '../../theme/contract.css';

const slideIn = keyframes({ from: { transform: 'translateX(100%)' }, to: { transform: 'translateX(0)' } });
const slideOut = keyframes({ from: { transform: 'translateX(0)' }, to: { transform: 'translateX(100%)' } });
const slideInLeft = keyframes({
  from: { transform: 'translateX(-100%)' },
  to: { transform: 'translateX(0)' },
});
const slideOutLeft = keyframes({
  from: { transform: 'translateX(0)' },
  to: { transform: 'translateX(-100%)' },
});

// No animation-fill-mode (see modalOverlay): the resting styles are the end of the "show" animations.
export const overlay = modalOverlay(vars.motion.slow);

export const sheet = style({
  position: 'fixed',
  top: 0,
  bottom: 0,
  zIndex: 51,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xl,
  // Almost the whole width of a phone, never wider than a comfortable column.
  width: `min(calc(100% - ${vars.space.xxxl}), 22rem)`,
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  padding: vars.space.lg,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: vars.shadow.lg,
  fontFamily: vars.font.body,
  animationDuration: vars.motion.slow,
  animationTimingFunction: vars.motion.easing,
  selectors: {
    '&:focus': { outline: 'none' },
    '&[data-side="right"]': { right: 0 },
    '&[data-side="left"]': { left: 0 },
    '&[data-side="right"][data-state="open"]': { animationName: slideIn },
    '&[data-side="right"][data-state="closed"]': { animationName: slideOut },
    '&[data-side="left"][data-state="open"]': { animationName: slideInLeft },
    '&[data-side="left"][data-state="closed"]': { animationName: slideOutLeft },
  },
});

export const sheetHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
});
