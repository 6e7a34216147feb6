import { style } from '@vanilla-extract/css';
import { media } from '../../theme/breakpoints';
import { vars } from '../../theme/contract.css';

/**
 * Every tab stays in view: on a phone the tabs share the row and their labels wrap onto two lines;
 * when even that is too narrow, tabs move to a second row. Nothing hides off to the side.
 */
export const list = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  borderBottom: `${vars.size.borderWidth} solid ${vars.color.border}`,
});

export const trigger = style({
  // From a zero basis, tabs wrap only when even their longest word no longer fits, and share the row equally.
  flex: '1 1 0',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: vars.size.control,
  paddingBlock: vars.space.xs,
  paddingInline: vars.space.md,
  borderWidth: 0,
  borderRadius: `${vars.radius.md} ${vars.radius.md} 0 0`,
  background: 'transparent',
  color: vars.color.textMuted,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.tight,
  textAlign: 'center',
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
    // Inset, so neighbouring tabs do not cover the ring.
    '&:focus-visible': {
      outline: `${vars.size.focusWidth} solid ${vars.color.focusRing}`,
      outlineOffset: `calc(-1 * ${vars.size.focusWidth})`,
    },
  },
  '@media': {
    // With room, each tab is as wide as its one-line label.
    [media.tablet]: {
      flex: '0 0 auto',
      paddingInline: vars.space.lg,
      lineHeight: 'inherit',
      whiteSpace: 'nowrap',
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
