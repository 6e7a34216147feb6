import { keyframes, style } from '@vanilla-extract/css';
import { media } from '../../theme/breakpoints';
import { vars } from '../../theme/contract.css';
import { pageColumn } from '../../theme/layout.css';

// Once fixed, the bar slides down into view rather than appearing from nowhere.
const slideDown = keyframes({ from: { transform: 'translateY(-100%)' }, to: { transform: 'translateY(0)' } });

export const bar = style({
  position: 'relative',
  zIndex: 40,
  width: '100%',
  background: 'transparent',
  color: vars.color.text,
  fontFamily: vars.font.body,
  borderBottomWidth: vars.size.borderWidth,
  borderBottomStyle: 'solid',
  borderBottomColor: 'transparent',
  transitionProperty: 'background-color, box-shadow, border-color',
  transitionDuration: vars.motion.slow,
  transitionTimingFunction: vars.motion.easing,
  selectors: {
    // Scrolled more than 80 px, the bar stays at the top, solid and raised.
    '&[data-fixed]': {
      position: 'sticky',
      top: 0,
      background: vars.color.surface,
      borderBottomColor: vars.color.border,
      boxShadow: vars.shadow.md,
      animationName: slideDown,
      animationDuration: vars.motion.slow,
      animationTimingFunction: vars.motion.easing,
    },
  },
});

export const inner = style([
  pageColumn,
  {
    display: 'flex',
    alignItems: 'center',
    gap: vars.space.xl,
    minHeight: `calc(${vars.size.control} + 2 * ${vars.space.md})`,
    paddingBlock: vars.space.md,
  },
]);

export const desktopNav = style({
  flex: 1,
  display: 'none',
  justifyContent: 'center',
  '@media': { [media.navigation]: { display: 'flex' } },
});

export const desktopLinks = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const desktopLink = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.control,
  paddingInline: vars.space.md,
  borderRadius: vars.radius.md,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  transitionProperty: 'color, background-color',
  transitionDuration: vars.motion.fast,
  selectors: {
    '&:hover': { color: vars.color.text, background: vars.color.surfaceSunken },
    '&[aria-current="page"]': { color: vars.color.text, fontWeight: vars.fontWeight.semibold },
    // The current page is underlined in the accent, as well as bolder (not by colour alone).
    '&[aria-current="page"]::after': {
      content: '""',
      position: 'absolute',
      left: vars.space.md,
      right: vars.space.md,
      bottom: vars.space.xs,
      height: vars.space.xxs,
      borderRadius: vars.radius.full,
      background: vars.color.accent,
    },
    '&:focus-visible': {
      outline: `${vars.size.focusWidth} solid ${vars.color.focusRing}`,
      outlineOffset: '2px',
    },
  },
});

export const desktopActions = style({
  display: 'none',
  alignItems: 'center',
  gap: vars.space.sm,
  '@media': { [media.navigation]: { display: 'flex' } },
});

/** The hamburger: pushed to the end of the bar, gone on wide screens. */
export const hamburger = style({
  marginInlineStart: 'auto',
  // Doubled: the menu trigger's own `display` (MenuSheet.css.ts) must not win by loading later.
  '@media': { [media.navigation]: { selectors: { '&&': { display: 'none' } } } },
});

/** The panel exists only on narrow screens: grown wide, it disappears with its overlay. */
export const narrowOnly = style({
  '@media': { [media.navigation]: { display: 'none' } },
});

export const panelLinks = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const panelLink = style({
  display: 'flex',
  alignItems: 'center',
  minHeight: vars.size.controlLg,
  paddingInline: vars.space.md,
  borderRadius: vars.radius.md,
  color: vars.color.text,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  selectors: {
    '&:hover': { background: vars.color.surfaceSunken },
    '&[aria-current="page"]': {
      background: vars.color.accentSubtle,
      fontWeight: vars.fontWeight.semibold,
      boxShadow: `inset ${vars.space.xs} 0 0 ${vars.color.accent}`,
    },
    '&:focus-visible': {
      outline: `${vars.size.focusWidth} solid ${vars.color.focusRing}`,
      outlineOffset: '-3px',
    },
  },
});

export const panelActions = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  paddingTop: vars.space.lg,
  borderTopWidth: vars.size.borderWidth,
  borderTopStyle: 'solid',
  borderTopColor: vars.color.border,
});
