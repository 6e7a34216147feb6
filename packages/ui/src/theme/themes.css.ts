import { assignVars, createTheme, globalStyle, style } from '@vanilla-extract/css';
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
    '(prefers-color-scheme: dark)': { vars: assignVars(vars, darkTokens) },
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
    '@media': { '(prefers-reduced-motion: reduce)': { vars: reducedMotion } },
  });
}
globalStyle(systemTheme, {
  '@media': { '(prefers-color-scheme: dark)': { colorScheme: 'dark' } },
});

// Base element styles. They live here, in a module every app imports for its theme, because a
// stylesheet-only module would be dropped by tree-shaking.

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

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
