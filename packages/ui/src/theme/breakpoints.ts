/*
 * The widths at which the product's layout changes, and the media queries that style for them. A
 * plain module, not a stylesheet: a component's `.css.ts` (or a `matchMedia` call) imports it without
 * pulling any other stylesheet into the page.
 */

/** The product's breakpoints, in CSS pixels: each names the screens from that width up. */
export const breakpoints = {
  /** Tablets and wider: 600 px. */
  tablet: 600,
  /** Room for a page's columns side by side (the footer's, the contact page's): 900 px. */
  columns: 900,
  /**
   * The navigation shown in full: the bar's links and the dashboard's sidebar (below it, the
   * hamburger's panel holds them): 1024 px. The bar's five links, two buttons and logo need about
   * 900 px at the body font size; 1024 px leaves them room to breathe.
   */
  navigation: 1024,
  /** Desktops: 1200 px. */
  desktop: 1200,
} as const;

/** Screens at least `width` CSS pixels wide. */
const from = (width: number) => `screen and (min-width: ${width}px)`;

/**
 * Screens narrower than `width`: up to 0.02 px below it, so that at any width, fractional ones (a
 * zoomed page) included, exactly one of `from(width)` and this applies.
 */
const below = (width: number) => `screen and (max-width: ${width - 0.02}px)`;

/** The media queries of the product, as vanilla-extract's `'@media'` keys and `matchMedia` take them. */
export const media = {
  /** Phones: narrower than `tablet`. */
  phone: below(breakpoints.tablet),
  /** From `tablet` (600 px) up. */
  tablet: from(breakpoints.tablet),
  /** From `columns` (900 px) up. */
  columns: from(breakpoints.columns),
  /** From `navigation` (1024 px) up. */
  navigation: from(breakpoints.navigation),
  /** From `desktop` (1200 px) up. */
  desktop: from(breakpoints.desktop),
  /** The person asked their system for less motion. */
  reducedMotion: '(prefers-reduced-motion: reduce)',
  /** The person's system uses a dark colour scheme. */
  darkScheme: '(prefers-color-scheme: dark)',
} as const;
