import fc from 'fast-check';
import { parseFragment } from 'parse5';
import { describe, expect, it } from 'vitest';
import { sanitizeNotificationHtml as sanitize } from '../src/notification-html';

type Found = { tag: string; attributes: string[]; href?: string };

/** Every element of a fragment, as parsed by the HTML standard's algorithm: its attributes' names, its href. */
function elementsOf(html: string): Found[] {
  const found: Found[] = [];
  const walk = (nodes: readonly object[]) => {
    for (const node of nodes) {
      if ('tagName' in node && 'attrs' in node && 'childNodes' in node) {
        const attrs = node.attrs as { name: string; value: string }[];
        found.push({
          tag: String(node.tagName),
          attributes: attrs.map((attribute) => attribute.name),
          href: attrs.find((attribute) => attribute.name === 'href')?.value,
        });
        walk(node.childNodes as object[]);
      }
    }
  };
  walk(parseFragment(html).childNodes);
  return found;
}

describe('a notification’s HTML, sanitised', () => {
  it('keeps formatting and safe links; links open in a new tab without a handle on the page', () => {
    expect(
      sanitize(
        '<p>Your account is now on the <strong>Gold</strong> plan. <a href="/dashboard/trading-plans">See the plans</a>.</p><ul><li>Lower fees</li></ul>',
      ),
    ).toBe(
      '<p>Your account is now on the <strong>Gold</strong> plan. <a href="/dashboard/trading-plans" target="_blank" rel="noopener noreferrer">See the plans</a>.</p><ul><li>Lower fees</li></ul>',
    );
    expect(
      sanitize('<h3>Hi</h3><blockquote><em>a</em> <i>b</i> <u>c</u> <s>d</s> <b>e</b><br>f</blockquote>'),
    ).toBe('<h3>Hi</h3><blockquote><em>a</em> <i>b</i> <u>c</u> <s>d</s> <b>e</b><br>f</blockquote>');
    for (const href of [
      'https://example.com/a?b=1&c=2',
      'http://example.com',
      'mailto:a@example.com',
      'tel:+15551234567',
      '#top',
    ]) {
      expect(elementsOf(sanitize(`<a href="${href.replaceAll('&', '&amp;')}">x</a>`))[0]?.attributes).toEqual(
        ['href', 'target', 'rel'],
      );
    }
    expect(sanitize('<a href="https://example.com/a?b=1&amp;c=&quot;2&quot;">x</a>')).toBe(
      '<a href="https://example.com/a?b=1&amp;c=&quot;2&quot;" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('drops an image with an error handler, keeping the bold text', () => {
    expect(sanitize('<img src=x onerror=alert(1)><b>Hi</b>')).toBe('<b>Hi</b>');
  });

  it('drops scripts, styles, handlers, unknown elements (keeping their text) and comments', () => {
    expect(
      sanitize(
        '<p onclick="alert(1)" style="color:red" class="x">Hello <img src="x" onerror="alert(2)"><script>alert(3)</script><a href="javascript:alert(4)">a trap</a></p>',
      ),
    ).toBe('<p>Hello <a>a trap</a></p>');
    expect(sanitize('<div><span title="t">kept</span></div><style>p{}</style><!-- note -->')).toBe('kept');
    expect(
      sanitize(
        '<template><b>hidden</b></template><noscript><b>x</b></noscript><iframe srcdoc="<b>"></iframe>',
      ),
    ).toBe('');
    expect(sanitize('<svg><a href="/x"><text>in svg</text></a></svg><math><mi>x</mi></math>ok')).toBe('ok');
    expect(
      sanitize('<textarea><b>raw</b></textarea><title>t</title><select><option>o</option></select>'),
    ).toBe('');
  });

  it('refuses links that are not web, mail, phone or within the site, however written', () => {
    for (const href of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'java&#x09;script:alert(1)',
      '&#106;avascript:alert(1)',
      '\u0001javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      'ftp://example.com',
    ]) {
      const out = sanitize(`<a href="${href}">x</a>`);
      expect(out, href).toBe('<a>x</a>');
    }
  });

  it('escapes text, so what was text stays text', () => {
    expect(sanitize('1 &lt; 2 &amp;&amp; <b>3 &gt; 2</b> &lt;script&gt;')).toBe(
      '1 &lt; 2 &amp;&amp; <b>3 &gt; 2</b> &lt;script&gt;',
    );
    expect(sanitize('<p>a&nbsp;b</p>')).toBe('<p>a&nbsp;b</p>');
    expect(sanitize('plain text')).toBe('plain text');
    expect(sanitize('')).toBe('');
  });

  it('answers only allowed elements and attributes, and changes nothing when run again, for any input', () => {
    const pieces = fc.constantFrom(
      '<',
      '>',
      '"',
      "'",
      '=',
      '/',
      '&',
      ';',
      ' ',
      '!--',
      'a',
      'b',
      'p',
      'img',
      'script',
      'svg',
      'math',
      'style',
      'template',
      'href',
      'onerror',
      'javascript:',
      'https://x',
      'src',
      '#',
      '\t',
      '\n',
      '<![CDATA[',
      ']]>',
      'textarea',
      'noscript',
      'table',
      'select',
      'option',
    );
    const allowed = new Set([
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
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 40 }), (parts) => {
        const out = sanitize(parts.join(''));
        for (const { tag, attributes, href } of elementsOf(out)) {
          expect(allowed.has(tag), tag).toBe(true);
          expect(attributes.every((name) => tag === 'a' && ['href', 'target', 'rel'].includes(name))).toBe(
            true,
          );
          // A browser ignores spaces and controls around a URL, tabs and line breaks inside it.
          if (href !== undefined)
            expect(href.trim().replace(/[\t\n\r]/g, '')).toMatch(/^(?:https?:|mailto:|tel:|\/|#)/i);
        }
        expect(sanitize(out)).toBe(out);
      }),
      { numRuns: 2000 },
    );
  });
});
