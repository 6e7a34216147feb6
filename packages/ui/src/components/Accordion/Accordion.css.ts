import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const root = style({
  borderTop: `${vars.size.borderWidth} solid ${vars.color.border}`,
});

export const item = style({
  borderBottom: `${vars.size.borderWidth} solid ${vars.color.border}`,
});

export const header = style({ margin: 0 });

export const trigger = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.lg,
  width: '100%',
  minHeight: vars.size.control,
  paddingBlock: vars.space.lg,
  paddingInline: vars.space.xs,
  borderWidth: 0,
  background: 'transparent',
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
  textAlign: 'left',
  cursor: 'pointer',
  selectors: {
    '&:hover': { color: vars.color.textAccent },
    '&:focus-visible': {
      outline: `${vars.size.focusWidth} solid ${vars.color.focusRing}`,
      outlineOffset: 0,
      borderRadius: vars.radius.sm,
    },
  },
});

export const chevron = style({
  flexShrink: 0,
  fontSize: vars.fontSize.xl,
  color: vars.color.textMuted,
  transitionProperty: 'transform',
  transitionDuration: vars.motion.slow,
  transitionTimingFunction: vars.motion.easing,
  selectors: {
    [`${trigger}[aria-expanded="true"] &`]: { transform: 'rotate(180deg)' },
  },
});

// The answer unrolls from its question as it opens (a closed answer leaves at once, as it leaves
// the DOM). A clip, not a fade: the answer is visible from its first frame.
const reveal = keyframes({
  from: { clipPath: 'inset(0 0 100% 0)' },
  to: { clipPath: 'inset(0)' },
});

export const content = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.relaxed,
  animationName: reveal,
  animationDuration: vars.motion.slow,
  animationTimingFunction: vars.motion.easing,
});

export const contentInner = style({
  paddingBottom: vars.space.lg,
  paddingInline: vars.space.xs,
  maxWidth: '70ch',
});
