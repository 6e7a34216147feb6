import { assignVars, createTheme, globalFontFace, globalStyle, style } from '@vanilla-extract/css';
import { media } from './breakpoints';
import { vars } from './contract.css';
import { darkTokens, lightTokens } from './tokens';

/** The light theme, forced. */
export const lightTheme = createTheme(vars, lightTokens, 'light');
/** The dark theme, forced. */
export const darkTheme = createTheme(vars, darkTokens, 'dark');
/** Follows the person's `prefers-color-scheme`: the site's default. */
export const systemTheme = style({
  vars: assignVars(vars, lightTokens),
  '@media': {
    [media.darkScheme]: { vars: assignVars(vars, darkTokens) },
  },
});

const reducedMotion = assignVars(vars.motion, {
  fast: '0ms',
  modal: '0ms',
  slow: '0ms',
  easing: 'linear',
});

// Motion collapses to nothing for people who ask for less of it, in every theme.
for (const theme of [lightTheme, darkTheme, systemTheme]) {
  globalStyle(theme, {
    colorScheme: theme === darkTheme ? 'dark' : 'light',
    background: vars.color.background,
    color: vars.color.text,
    fontFamily: vars.font.body,
    '@media': { [media.reducedMotion]: { vars: reducedMotion } },
  });
}
globalStyle(systemTheme, {
  '@media': { [media.darkScheme]: { colorScheme: 'dark' } },
});

// Base element styles. They live here, in a module every app imports for its theme, because a
// stylesheet-only module would be dropped by tree-shaking.

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

// Text shows in this face until Inter has loaded: Arial's metrics (Liberation Sans is Arial's metric
// twin) scaled to Inter's, so that when Inter swaps in, lines keep nearly the same width and height
// and the page barely moves. The range is the Latin subset Inter is served in (fonts.ts); other
// characters fall through to the next family as they do once Inter is there.
globalFontFace('Inter fallback', {
  src: "local('Arial'), local('ArialMT'), local('Liberation Sans'), local('LiberationSans'), local('Helvetica')",
  sizeAdjust: '107.4%',
  ascentOverride: '90.2%',
  descentOverride: '22.48%',
  lineGapOverride: '0%',
  unicodeRange:
    'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD',
});

// An open dialog or menu locks the page behind it: Radix's scroll lock marks <body> and injects a
// <style> that a strict Content-Security-Policy (style-src 'self') refuses, so the rule ships here.
globalStyle('body[data-scroll-locked]', { overflow: 'hidden !important' });
globalStyle('html', {
  WebkitTextSizeAdjust: '100%',
  textSizeAdjust: '100%',
});
globalStyle('body', {
  margin: 0,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.normal,
  WebkitFontSmoothing: 'antialiased',
  fontVariantNumeric: 'normal',
});
globalStyle('img, svg, video', { maxWidth: '100%', display: 'block' });
globalStyle('button, input, select, textarea', { font: 'inherit', color: 'inherit' });
globalStyle('h1, h2, h3, h4, h5, h6, p', { margin: 0 });
globalStyle(':focus-visible', {
  outline: `${vars.size.focusWidth} solid ${vars.color.focusRing}`,
  outlineOffset: '2px',
});
