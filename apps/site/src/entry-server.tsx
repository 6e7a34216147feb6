import { createRequestHandler, RouterServer, renderRouterToString } from '@tanstack/react-router/ssr/server';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { siteConfig } from './config';
import { pageMeta } from './content/meta';
import type { PageMeta, PublicRoute } from './content/types';
import { islandPages } from './islandPages';
import { preloadDeferred } from './layout/deferred';
import { makeRouter } from './router';

/** The theme class the browser entry puts on <html>; the prerendered pages carry it from the start. */
export { systemTheme as themeClass } from '@ledgerline/ui';

/**
 * Renders one route to HTML at build time (scripts/prerender.mjs): the app's markup and the router's
 * dehydrated state, which the browser entry hydrates. No request reaches a server here: public pages
 * load nothing before they render.
 */
export async function renderRoute(path: string): Promise<{ status: number; html: string }> {
  await preloadDeferred();
  const request = new Request(new URL(path, 'http://prerender.local'));
  const handler = createRequestHandler({ request, createRouter: () => makeRouter() });
  const response = await handler(({ responseHeaders, router }) =>
    renderRouterToString({ responseHeaders, router, children: <RouterServer router={router} /> }),
  );
  return { status: response.status, html: await response.text() };
}

/**
 * Every path the app has a page for (`/dashboard/overview`, `/sign-up`; `$name` for a parameter), so
 * the server can answer any other path 404 instead of the app shell.
 */
export function appPaths(): string[] {
  return Object.keys(makeRouter().routesByPath).map((fullPath) => fullPath.replace(/(.)\/$/, '$1'));
}

/** The paths of the pages hydrated without the router (src/islands/). */
export function islandPaths(): string[] {
  return [...islandPages.keys()];
}

/** An island page, rendered without the router, exactly as src/island.tsx hydrates it. */
export async function renderIsland(path: string): Promise<string> {
  const load = islandPages.get(path);
  if (!load) throw new Error(`${path} is not an island page`);
  const { default: Page, Prerendered = Page } = await load();
  // A deferred part (a form) is in the HTML: its code is loaded before rendering.
  await preloadDeferred();
  return renderToString(
    <StrictMode>
      <Prerendered />
    </StrictMode>,
  );
}

const metaByRoute = pageMeta({ productName: siteConfig.productName, supportEmail: siteConfig.supportEmail });

/** The title and description the prerendered page carries in its head. */
export function metaOfRoute(route: PublicRoute): PageMeta {
  return metaByRoute[route];
}
