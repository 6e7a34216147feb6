import inter400 from '@fontsource/inter/files/inter-latin-400-normal.woff2?url';
import inter500 from '@fontsource/inter/files/inter-latin-500-normal.woff2?url';
import inter600 from '@fontsource/inter/files/inter-latin-600-normal.woff2?url';
import inter700 from '@fontsource/inter/files/inter-latin-700-normal.woff2?url';

/** The product's typeface, served from our own bundle (no font CDN): the Latin subset of Inter in
 * the four weights the type scale uses. */
const interWeights = [
  ['400', inter400],
  ['500', inter500],
  ['600', inter600],
  ['700', inter700],
] as const;

/**
 * Declares Inter to the document; the browser fetches each weight when text first uses it. An app
 * calls it once at its entry (the site once its prerendered page is painted). Until a weight arrives,
 * text shows in the metric-matched "Inter fallback" (themes.css.ts), so the swap barely moves a line.
 */
export function loadFonts(fonts: FontFaceSet = document.fonts): void {
  for (const [weight, url] of interWeights) {
    fonts.add(
      new FontFace('Inter', `url(${url}) format('woff2')`, { weight, style: 'normal', display: 'swap' }),
    );
  }
}
