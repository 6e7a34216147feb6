import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The built site (apps/site/dist), as its build leaves it:
 * - `index.html` and `<route>/index.html`: public pages prerendered to HTML;
 * - `shell.html`: the empty app shell, for every other client-side route (the dashboard);
 * - `assets/*`: content-hashed files, with `.br` and `.gz` beside them;
 * - `csp.json`: the hashes of the inline scripts the prerendered pages carry (the router's state).
 */
export type Site = {
  /** Extra `script-src` sources for the Content-Security-Policy (the inline scripts' hashes). */
  scriptHashes: string[];
  register(app: FastifyInstance): Promise<void>;
  /** Answers a page request no route matched: its prerendered HTML, or the app shell. */
  sendPage(url: string, reply: FastifyReply): FastifyReply;
};

function readScriptHashes(siteDir: string): string[] {
  const file = path.join(siteDir, 'csp.json');
  if (!existsSync(file)) return [];
  const { scriptHashes } = JSON.parse(readFileSync(file, 'utf8')) as { scriptHashes?: unknown };
  return Array.isArray(scriptHashes)
    ? scriptHashes.filter(
        (hash): hash is string => typeof hash === 'string' && /^'sha256-[A-Za-z0-9+/=]+'$/.test(hash),
      )
    : [];
}

/** The built site in `siteDir`, or null when there is none (the API alone, as in most tests). */
export function loadSite(siteDir: string): Site | null {
  const index = path.join(siteDir, 'index.html');
  if (!existsSync(index)) return null;
  const shell = existsSync(path.join(siteDir, 'shell.html')) ? 'shell.html' : 'index.html';

  const prerendered = (url: string): string | null => {
    const pathname = decodeURIComponent(url.split('?')[0] ?? '/');
    // Only plain page paths: no dots, no traversal, no doubled slashes.
    if (!/^(\/[a-z0-9-]+)+\/?$/.test(pathname)) return null;
    const file = path.join(pathname.replace(/\/$/, '').slice(1), 'index.html');
    return existsSync(path.join(siteDir, file)) ? file : null;
  };

  return {
    scriptHashes: readScriptHashes(siteDir),
    async register(app) {
      await app.register(fastifyStatic, {
        root: siteDir,
        wildcard: false,
        index: ['index.html'],
        // The build writes .br and .gz beside each asset; the smallest one the browser accepts is sent.
        preCompressed: true,
        setHeaders(res, filePath) {
          const hashed = filePath.startsWith(path.join(siteDir, 'assets') + path.sep);
          // Hashed names change with their content: cache them for good. Pages revalidate every time.
          res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    },
    sendPage(url, reply) {
      reply.header('Cache-Control', 'no-cache');
      return reply.type('text/html; charset=utf-8').sendFile(prerendered(url) ?? shell);
    },
  };
}
