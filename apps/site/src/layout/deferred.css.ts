import { style } from '@vanilla-extract/css';

/**
 * The element around a deferred part takes no box of its own. A class, not a style attribute: the
 * Content-Security-Policy refuses style attributes in the prerendered HTML.
 */
export const deferredPart = style({ display: 'contents' });
