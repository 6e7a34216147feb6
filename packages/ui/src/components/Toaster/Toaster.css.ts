import { keyframes, style } from '@vanilla-extract/css';
import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';

export const viewport = recipe({
  base: {
    position: 'fixed',
    left: '50%',
    zIndex: 100,
    display: 'flex',
    alignItems: 'center',
    gap: vars.space.sm,
    // Narrow screens: the width minus a margin each side; never wider than 350 px.
    width: `calc(100% - 2 * ${vars.space.lg})`,
    maxWidth: vars.size.toastMaxWidth,
    margin: 0,
    padding: 0,
    listStyle: 'none',
    transform: 'translateX(-50%)',
    outline: 'none',
  },
  variants: {
    position: {
      // Newest first in the list, so the newest sits nearest the edge either way.
      'top-center': { top: vars.space.lg, flexDirection: 'column' },
      'bottom-center': { bottom: vars.space.lg, flexDirection: 'column-reverse' },
    },
  },
  defaultVariants: { position: 'top-center' },
});

export type ToasterVariants = NonNullable<RecipeVariants<typeof viewport>>;

const enter = keyframes({
  from: { opacity: 0, transform: `translateY(calc(-1 * ${vars.space.sm})) scale(0.96)` },
  to: { opacity: 1, transform: 'none' },
});
const exit = keyframes({
  from: { opacity: 1, transform: 'none' },
  to: { opacity: 0, transform: 'scale(0.96)' },
});

export const toast = style({
  display: 'flex',
  // Icon, words and close button line up on the first line when the words wrap.
  alignItems: 'flex-start',
  gap: vars.space.sm,
  maxWidth: '100%',
  minHeight: vars.size.control,
  paddingBlock: vars.space.sm,
  paddingLeft: vars.space.md,
  paddingRight: vars.space.xs,
  borderRadius: vars.radius.md,
  borderWidth: vars.size.borderWidth,
  borderStyle: 'solid',
  borderColor: vars.color.border,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: vars.shadow.md,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
  fontVariantNumeric: 'tabular-nums',
  animationDuration: vars.motion.modal,
  animationTimingFunction: vars.motion.easing,
  selectors: {
    '&[data-state="open"]': { animationName: enter },
    '&[data-state="closed"]': { animationName: exit },
    // Swipe up (or down, at the bottom) to dismiss: follow the pointer, spring back if let go early.
    '&[data-swipe="move"]': { transform: 'translateY(var(--radix-toast-swipe-move-y))' },
    '&[data-swipe="cancel"]': {
      transform: 'translateY(0)',
      transitionProperty: 'transform',
      transitionDuration: vars.motion.fast,
    },
    '&:focus-visible': {
      outline: `${vars.size.focusWidth} solid ${vars.color.focusRing}`,
      outlineOffset: '2px',
    },
  },
});

export const icon = recipe({
  base: { display: 'flex', flexShrink: 0, marginTop: vars.space.xxs, fontSize: vars.fontSize.xl },
  variants: {
    kind: {
      success: { color: vars.color.textSuccess },
      error: { color: vars.color.textDanger },
      // The spinner is drawn at 1rem: centred in the same 1.25rem box as the other icons.
      loading: {
        alignItems: 'center',
        justifyContent: 'center',
        width: vars.fontSize.xl,
        height: vars.fontSize.xl,
        color: vars.color.textMuted,
      },
    },
  },
});

export const message = style({
  flex: '1 1 auto',
  minWidth: 0,
  paddingBlock: vars.space.xxs,
  overflowWrap: 'anywhere',
});

export const custom = style({ flex: '1 1 auto', minWidth: 0 });

export const close = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  // 24 px: the WCAG 2.2 minimum target, kept small beside the text.
  width: vars.space.xl,
  height: vars.space.xl,
  marginTop: vars.space.xxs,
  padding: 0,
  borderWidth: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.md,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceSunken, color: vars.color.text },
    '&:focus-visible': {
      outline: `${vars.size.focusWidth} solid ${vars.color.focusRing}`,
      outlineOffset: '1px',
    },
  },
});
