import { type DefaultTreeAdapterTypes, html as htmlSpec, parseFragment } from 'parse5';

/**
 * The one sanitiser of a notification's HTML, the same on the server (before it is stored) and in the
 * browser (before it is shown, and in the back office's live preview): formatting and links only.
 *
 * The HTML is parsed by parse5, the HTML standard's parsing algorithm in plain TypeScript, never by
 * the page's DOM: untrusted markup is never handed to the browser, so nothing in it can run, load or
 * even be compiled there (an `onerror` handler included). The answer is written out from the parsed
 * tree, anew, from the allowlist alone:
 * - the elements below, in the HTML namespace, and no attribute but a link's `href`;
 * - `href` only for web, mail and phone links, and links within the site (no `javascript:`, `data:`);
 *   a link with one opens in a new tab with `rel="noopener noreferrer"`;
 * - any other element is dropped but its text kept, except those whose content is code or hidden
 *   (`script`, `style`, `template`, SVG, MathML, …), dropped whole; comments are dropped;
 * - text and attribute values are escaped, so the answer parses back to exactly this tree.
 * Sanitising its own answer changes nothing.
 */

const allowedTags = new Set([
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'a',
  'ul',
  'ol',
  'li',
  'h3',
  'h4',
  'blockquote',
]);

/** Elements dropped with everything inside them: their content is code, raw text or hidden. */
const droppedWhole = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'noembed',
  'noframes',
  'iframe',
  'object',
  'embed',
  'textarea',
  'title',
  'xmp',
  'select',
  'svg',
  'math',
  'head',
]);

/** Web, mail and phone links, and links within the site. */
const allowedUri = /^(?:https?:|mailto:|tel:|\/|#)/i;
/**
 * What a browser ignores in a URL (spaces and controls around it, tabs and line breaks inside it), and
 * more (other spaces): removed before `allowedUri` is checked, so `java\tscript:` is seen as what it is.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the controls a browser ignores in a URL are the point.
const uriIgnored = /[\u0000-\u0020\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000]/g;

type Node = DefaultTreeAdapterTypes.ChildNode;
type Element = DefaultTreeAdapterTypes.Element;

const escapeText = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('\u00A0', '&nbsp;');
const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('\u00A0', '&nbsp;');

function isElement(node: Node): node is Element {
  return 'tagName' in node;
}

/** A link's `href`, when it is one the allowlist keeps. */
function allowedHref(element: Element): string | null {
  const href = element.attrs.find((attribute) => attribute.name === 'href' && !attribute.prefix);
  if (!href) return null;
  return allowedUri.test(href.value.replace(uriIgnored, '')) ? href.value : null;
}

function written(nodes: readonly Node[]): string {
  let out = '';
  for (const node of nodes) {
    if (node.nodeName === '#text' && 'value' in node) {
      out += escapeText(node.value);
      continue;
    }
    if (!isElement(node)) continue; // comments, doctypes
    const tag = node.tagName.toLowerCase();
    if (node.namespaceURI !== htmlSpec.NS.HTML || droppedWhole.has(tag)) continue;
    if (!allowedTags.has(tag)) {
      out += written(node.childNodes);
      continue;
    }
    if (tag === 'br') {
      out += '<br>';
      continue;
    }
    const href = tag === 'a' ? allowedHref(node) : null;
    // Links leave the page in a new tab and get no handle on it.
    const attributes =
      href === null ? '' : ` href="${escapeAttribute(href)}" target="_blank" rel="noopener noreferrer"`;
    out += `<${tag}${attributes}>${written(node.childNodes)}</${tag}>`;
  }
  return out;
}

/** A notification's HTML, sanitised to formatting and safe links (see above). */
export function sanitizeNotificationHtml(html: string): string {
  return written(parseFragment(html).childNodes);
}
