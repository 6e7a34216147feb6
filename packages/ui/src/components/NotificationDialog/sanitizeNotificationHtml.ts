import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';

// Notifications are written by the back office as HTML: keep formatting and links, nothing else.
const allowedTags = [
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
];
// Web, mail and phone links, and links within the site; no `javascript:` or `data:`.
const allowedUri = /^(?:https?:|mailto:|tel:|\/|#)/i;

let purifier: Purifier | undefined;

/** Our own DOMPurify instance, so the link hook below does not leak into other users of DOMPurify. */
function getPurifier(): Purifier | undefined {
  if (typeof window === 'undefined') return undefined;
  if (!purifier) {
    purifier = DOMPurify(window);
    purifier.addHook('afterSanitizeAttributes', (node) => {
      if (node.nodeName !== 'A' || !(node instanceof Element)) return;
      if (node.hasAttribute('href')) {
        // Links leave the dashboard in a new tab and get no handle on it.
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
  }
  return purifier;
}

/**
 * Sanitises a notification's HTML: basic formatting and safe links only; every link opens in a new
 * tab with `rel="noopener noreferrer"`. Without a DOM (server rendering) or where DOMPurify cannot
 * run, it returns an empty string rather than the raw input.
 */
export function sanitizeNotificationHtml(html: string): string {
  const instance = getPurifier();
  if (!instance?.isSupported) return '';
  return instance.sanitize(html, {
    ALLOWED_TAGS: allowedTags,
    ALLOWED_ATTR: ['href'],
    ALLOWED_URI_REGEXP: allowedUri,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}
