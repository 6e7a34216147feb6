/** Types of `back-office.mjs` for the TypeScript that reads it (the end-to-end tests). */

/** A script or stylesheet of the back office: its gzip size and why it counts as the back office's. */
export type BackOfficeChunk = { gzipBytes: number; why: string };

/**
 * The files only the back office loads, from the built site's manifest, by file (`assets/…`): its
 * routes' code-split parts, what only they import, and their stylesheets.
 */
export function backOfficeChunks(): Map<string, BackOfficeChunk>;
