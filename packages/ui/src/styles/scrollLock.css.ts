import { globalStyle, style } from '@vanilla-extract/css';

/** On <html> while a modal is open: the page behind it stays where it is. */
export const scrollLocked = style({ overflow: 'hidden' });

/**
 * With scrollLocked, on a page that had a scrollbar: its space stays reserved, so the page does not
 * widen and shift sideways under the modal.
 */
export const scrollbarSpaceKept = style({ scrollbarGutter: 'stable' });

// Radix's Select (and menus) lock the page with the `data-scroll-locked` attribute on <body>; the
// rules that go with it are here, not in the <style> element react-remove-scroll-bar would inject,
// which the Content-Security-Policy refuses (the package is patched to inject none). The scrollbar's
// space stays reserved while the page is locked, so the open list stays over its trigger.
globalStyle('body[data-scroll-locked]', { overflow: 'hidden', overscrollBehavior: 'contain' });
globalStyle('html:has(> body[data-scroll-locked])', { scrollbarGutter: 'stable' });
