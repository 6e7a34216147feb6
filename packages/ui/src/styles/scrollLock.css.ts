import { style } from '@vanilla-extract/css';

/** On <html> while a modal is open: the page behind it stays where it is. */
export const scrollLocked = style({ overflow: 'hidden' });

/**
 * With scrollLocked, on a page that had a scrollbar: its space stays reserved, so the page does not
 * widen and shift sideways under the modal.
 */
export const scrollbarSpaceKept = style({ scrollbarGutter: 'stable' });
