import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The built site (apps/site/dist), as its build leaves it:
 * - `index.html` and `<route>/index.html`: public pages prerendered to HTML;
 * - `shell.html`: the empty app shell, for every other client-side route (the dashboard);
 * - `assets/*`: content-hashed files, with `.br` and `.gz` beside them;
 * - `csp.json`: the hashes of the inline scripts the prerendered pages carry (the router's state);
 * - `routes.json`: every path the app has a page for (`$name` for a parameter).
 */
export type Site = {
  /** Extra `script-src` sources for the Content-Security-Policy (the inline scripts' hashes). */
  scriptHashes: string[];
  register(app: FastifyInstance): Promise<void>;
  /**
   * Answers a page request no route matched: its prerendered HTML, or the app shell; a path the app
   * has no page for gets the shell (which shows the not-found page) with status 404, so that it is
   * never indexed as a page.
   */
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

/**
 * Whether a path is one of the app's pages, from the build's routes.json; every path is when the
 * build has none.
 */
function readAppPaths(siteDir: string): (pathname: string) => boolean {
  const file = path.join(siteDir, 'routes.json');
  if (!existsSync(file)) return () => true;
  const { paths } = JSON.parse(readFileSync(file, 'utf8')) as { paths?: unknown };
  const patterns = (Array.isArray(paths) ? paths : [])
    .filter((route): route is string => typeof route === 'string')
    .map((route) => {
      const segments = route
        .split('/')
        .map((segment) =>
          segment.startsWith('$') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
        );
      return new RegExp(`^${segments.join('/')}/?$`);
    });
  return (pathname) => patterns.some((pattern) => pattern.test(pathname));
}

/** The built site in `siteDir`, or null when there is none (the API alone, as in most tests). */
export function loadSite(siteDir: string): Site | null {
  const index = path.join(siteDir, 'index.html');
  if (!existsSync(index)) return null;
  const shell = existsSync(path.join(siteDir, 'shell.html')) ? 'shell.html' : 'index.html';
  const isAppPath = readAppPaths(siteDir);

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
      const page = prerendered(url);
      if (!page) {
        // The shell carries only signed-in pages (the dashboard, the back office) and the not-found
        // page: none of them belongs in a search engine's index.
        reply.header('X-Robots-Tag', 'noindex, nofollow');
        if (!isAppPath(url.split('?')[0] ?? '/')) reply.status(404);
      }
      return reply.type('text/html; charset=utf-8').sendFile(page ?? shell);
    },
  };
}

/**
 * Serves the built site beside the API: its files, then, for a GET no route matched outside `/api/`,
 * the page (prerendered HTML, or the app shell, which routes on the client and shows its own
 * not-found page). Every other unmatched request answers 404 with `{ msg }`.
 */
export async function serveSite(app: FastifyInstance, site: Site | null): Promise<void> {
  await site?.register(app);
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/api/');
    if (wantsPage && site) return site.sendPage(request.url, reply);
    return reply.status(404).send({ msg: `Not found: ${request.method} ${request.url.split('?')[0]}` });
  });
}
