import { keyframes, style } from '@vanilla-extract/css';
import { modalOverlay } from '../../styles/modalOverlay';
import { media } from '../../theme/breakpoints';
import { vars } from '../../theme/contract.css';

// The pop: a small scale with a fade, centred (the translate keeps the dialog centred while it scales).
const contentShow = keyframes({
  from: { opacity: 0, transform: 'translate(-50%, -50%) scale(0.96)' },
  to: { opacity: 1, transform: 'translate(-50%, -50%) scale(1)' },
});
const contentHide = keyframes({
  from: { opacity: 1, transform: 'translate(-50%, -50%) scale(1)' },
  to: { opacity: 0, transform: 'translate(-50%, -50%) scale(0.96)' },
});

// No animation-fill-mode (see modalOverlay): the resting styles are the end of the "show" animations.
export const overlay = modalOverlay(vars.motion.modal);

export const content = style({
  position: 'fixed',
  top: '50%',
  left: '50%',
  zIndex: 51,
  transform: 'translate(-50%, -50%)',
  // Narrow screens: the full width minus a margin each side; wide screens: the dialog's width.
  width: `calc(100% - 2 * ${vars.space.lg})`,
  maxWidth: vars.size.dialogMaxWidth,
  // A tall dialog scrolls inside itself and never leaves the screen.
  maxHeight: `calc(100% - 2 * ${vars.space.xl})`,
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  borderWidth: vars.size.borderWidth,
  borderStyle: 'solid',
  borderColor: vars.color.border,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: vars.shadow.lg,
  fontFamily: vars.font.body,
  animationDuration: vars.motion.modal,
  animationTimingFunction: vars.motion.easing,
  selectors: {
    '&[data-state="open"]': { animationName: contentShow },
    '&[data-state="closed"]': { animationName: contentHide },
    '&:focus': { outline: 'none' },
  },
});

export const closeButton = style({
  position: 'absolute',
  top: vars.space.md,
  right: vars.space.md,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: vars.size.controlSm,
  height: vars.size.controlSm,
  padding: 0,
  borderWidth: 0,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xl,
  cursor: 'pointer',
  transitionProperty: 'background-color, color',
  transitionDuration: vars.motion.fast,
  transitionTimingFunction: vars.motion.easing,
  selectors: {
    '&:hover': { background: vars.color.surfaceSunken, color: vars.color.text },
    '&:focus-visible': {
      outline: `${vars.size.focusWidth} solid ${vars.color.focusRing}`,
      outlineOffset: '2px',
    },
  },
});

export const title = style({
  margin: 0,
  // Leaves room for the close button in the corner.
  paddingRight: `calc(${vars.size.controlSm} + ${vars.space.xs})`,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
  color: vars.color.text,
});

export const description = style({
  marginTop: vars.space.sm,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.textMuted,
});

export const body = style({
  marginTop: vars.space.lg,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.normal,
});

export const footer = style({
  // Narrow screens: full-width buttons, stacked, the main (last) action on top.
  display: 'flex',
  flexDirection: 'column-reverse',
  alignItems: 'stretch',
  gap: vars.space.sm,
  marginTop: vars.space.xl,
  '@media': {
    // From the `tablet` breakpoint: one row, aligned to the end.
    [media.tablet]: {
      flexDirection: 'row',
      flexWrap: 'wrap',
      justifyContent: 'flex-end',
      alignItems: 'center',
    },
  },
});
