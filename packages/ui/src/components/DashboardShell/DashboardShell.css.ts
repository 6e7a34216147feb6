import { style } from '@vanilla-extract/css';
import { media } from '../../theme/breakpoints';
import { vars } from '../../theme/contract.css';

export const shell = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  minHeight: '100vh',
  background: vars.color.background,
  color: vars.color.text,
  fontFamily: vars.font.body,
  '@media': {
    [media.navigation]: { gridTemplateColumns: '16rem minmax(0, 1fr)' },
  },
});

export const skipLink = style({
  position: 'fixed',
  top: vars.space.sm,
  left: vars.space.sm,
  zIndex: 70,
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.lg,
  borderRadius: vars.radius.md,
  background: vars.color.accent,
  color: vars.color.textOnAccent,
  fontWeight: vars.fontWeight.semibold,
  textDecoration: 'none',
  boxShadow: vars.shadow.md,
  // Off screen until focused.
  transform: 'translateY(-200%)',
  selectors: {
    '&:focus, &:focus-visible': { transform: 'none' },
  },
});

export const sidebar = style({
  display: 'none',
  '@media': {
    [media.navigation]: {
      position: 'sticky',
      top: 0,
      display: 'flex',
      flexDirection: 'column',
      gap: vars.space.xl,
      height: '100vh',
      overflowY: 'auto',
      paddingBlock: vars.space.lg,
      paddingInline: vars.space.md,
      background: vars.color.surface,
      borderRightWidth: vars.size.borderWidth,
      borderRightStyle: 'solid',
      borderRightColor: vars.color.border,
    },
  },
});

/** The logo at the top of the sidebar, as high as the top bar. */
export const sidebarBrand = style({
  display: 'flex',
  alignItems: 'center',
  minHeight: vars.size.control,
  paddingInline: vars.space.sm,
});

export const navList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const navLink = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  minHeight: vars.size.control,
  paddingInline: vars.space.md,
  borderRadius: vars.radius.md,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  transitionProperty: 'color, background-color',
  transitionDuration: vars.motion.fast,
  selectors: {
    '&:hover': { color: vars.color.text, background: vars.color.surfaceSunken },
    // The current page: a tinted row with a bar in the accent at its start, and bolder text.
    '&[aria-current="page"]': {
      color: vars.color.text,
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

export const navIcon = style({
  flexShrink: 0,
  width: vars.fontSize.xl,
  height: vars.fontSize.xl,
});

/** A link's count (what waits in a queue), at the end of the row. */
export const navCount = style({
  marginInlineStart: 'auto',
  minWidth: vars.fontSize.xl,
  paddingInline: vars.space.xs,
  borderRadius: vars.radius.full,
  background: vars.color.accentSubtle,
  color: vars.color.textAccent,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  fontVariantNumeric: 'tabular-nums',
  lineHeight: vars.lineHeight.normal,
  textAlign: 'center',
});

export const column = style({
  display: 'flex',
  flexDirection: 'column',
  minWidth: 0,
});

/**
 * Narrow: hamburger and logo, the ticker on a row of its own below. Wide: the ticker, then the
 * person's menu.
 */
export const topBar = style({
  position: 'sticky',
  top: 0,
  zIndex: 40,
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gridTemplateAreas: '"menu brand" "ticker ticker"',
  alignItems: 'center',
  columnGap: vars.space.md,
  rowGap: vars.space.sm,
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.lg,
  background: vars.color.surface,
  borderBottomWidth: vars.size.borderWidth,
  borderBottomStyle: 'solid',
  borderBottomColor: vars.color.border,
  '@media': {
    [media.navigation]: {
      gridTemplateColumns: 'minmax(0, 1fr) auto',
      gridTemplateAreas: '"ticker user"',
      columnGap: vars.space.xl,
      paddingInline: vars.space.xl,
    },
  },
});

export const hamburgerArea = style({
  gridArea: 'menu',
  '@media': { [media.navigation]: { display: 'none' } },
});

export const brandArea = style({
  gridArea: 'brand',
  display: 'flex',
  alignItems: 'center',
  '@media': { [media.navigation]: { display: 'none' } },
});

export const tickerArea = style({
  gridArea: 'ticker',
  minWidth: 0,
});

export const userArea = style({
  gridArea: 'user',
  display: 'none',
  '@media': { [media.navigation]: { display: 'flex' } },
});

export const userTrigger = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: vars.size.control,
  maxWidth: '16rem',
  paddingInline: vars.space.sm,
  borderWidth: vars.size.borderWidth,
  borderStyle: 'solid',
  borderColor: 'transparent',
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.text,
  fontWeight: vars.fontWeight.medium,
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
  selectors: {
    '&:hover, &[data-state="open"]': { background: vars.color.surfaceSunken, borderColor: vars.color.border },
    '&:focus-visible': {
      outline: `${vars.size.focusWidth} solid ${vars.color.focusRing}`,
      outlineOffset: '2px',
    },
  },
});

export const userName = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const avatar = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: vars.size.controlSm,
  height: vars.size.controlSm,
  borderRadius: vars.radius.full,
  background: vars.color.accentSubtle,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
});

export const chevron = style({
  flexShrink: 0,
  width: vars.fontSize.md,
  height: vars.fontSize.md,
  color: vars.color.textMuted,
  transitionProperty: 'transform',
  transitionDuration: vars.motion.fast,
  selectors: {
    '[data-state="open"] > &': { transform: 'rotate(180deg)' },
  },
});

export const menu = style({
  zIndex: 60,
  minWidth: '13rem',
  padding: vars.space.xs,
  borderWidth: vars.size.borderWidth,
  borderStyle: 'solid',
  borderColor: vars.color.border,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: vars.shadow.lg,
  fontFamily: vars.font.body,
});

export const menuLabel = style({
  paddingBlock: vars.space.xs,
  paddingInline: vars.space.md,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
});

export const menuItem = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: vars.size.controlSm,
  paddingInline: vars.space.md,
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  textDecoration: 'none',
  cursor: 'pointer',
  userSelect: 'none',
  outline: 'none',
  selectors: {
    // Radix moves focus with the highlight: the filled row is the focus indicator.
    '&[data-highlighted]': { background: vars.color.accent, color: vars.color.textOnAccent },
  },
});

export const menuIcon = style({
  flexShrink: 0,
  width: vars.fontSize.lg,
  height: vars.fontSize.lg,
});

export const menuSeparator = style({
  height: vars.size.borderWidth,
  marginBlock: vars.space.xs,
  background: vars.color.border,
});

/** The signed-in person in the mobile panel. */
export const panelUser = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceSunken,
  fontWeight: vars.fontWeight.semibold,
});

/** An icon and a label side by side inside a button. */
export const buttonContent = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
});

export const panelFooter = style({
  marginTop: 'auto',
  paddingTop: vars.space.lg,
  borderTopWidth: vars.size.borderWidth,
  borderTopStyle: 'solid',
  borderTopColor: vars.color.border,
});

export const main = style({
  flex: 1,
  minWidth: 0,
  padding: vars.space.lg,
  '@media': {
    [media.navigation]: { padding: vars.space.xl },
  },
  selectors: {
    // Focus lands here from the skip link; the page itself needs no ring.
    '&:focus': { outline: 'none' },
  },
});
