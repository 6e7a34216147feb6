import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const list = style({
  display: 'flex',
  gap: vars.space.xs,
  borderBottom: `${vars.size.borderWidth} solid ${vars.color.border}`,
  // Many tabs on a narrow screen scroll sideways rather than wrap.
  overflowX: 'auto',
  scrollbarWidth: 'none',
});

export const trigger = style({
  flexShrink: 0,
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.control,
  paddingInline: vars.space.lg,
  borderWidth: 0,
  borderRadius: `${vars.radius.md} ${vars.radius.md} 0 0`,
  background: 'transparent',
  color: vars.color.textMuted,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  transitionProperty: 'color, box-shadow, background-color',
  transitionDuration: vars.motion.fast,
  transitionTimingFunction: vars.motion.easing,
  selectors: {
    '&:hover:not([data-disabled])': { color: vars.color.text, background: vars.color.surfaceSunken },
    // The selected tab: darker text and an accent underline (not colour alone: the weight changes too).
    '&[data-state="active"]': {
      color: vars.color.text,
      fontWeight: vars.fontWeight.semibold,
      boxShadow: `inset 0 calc(-2 * ${vars.size.borderWidth}) 0 ${vars.color.accent}`,
    },
    '&[data-disabled]': { cursor: 'not-allowed', color: vars.color.borderStrong },
    // Inset, so the scrolling list does not clip the ring.
    '&:focus-visible': {
      outline: `${vars.size.focusWidth} solid ${vars.color.focusRing}`,
      outlineOffset: `calc(-1 * ${vars.size.focusWidth})`,
    },
  },
});

export const content = style({
  paddingTop: vars.space.xl,
  selectors: {
    '&:focus-visible': {
      outline: `${vars.size.focusWidth} solid ${vars.color.focusRing}`,
      outlineOffset: vars.space.xs,
      borderRadius: vars.radius.sm,
    },
  },
});
