import { createRouter, lazyRouteComponent } from '@tanstack/react-router';
import { lazyQueryClient } from './api/signedInQueries';
import { routeTree } from './routeTree.gen';

// Loaded only when needed: no page that works carries their code.
const ErrorScreen = lazyRouteComponent(() => import('./screens/ErrorScreen'), 'ErrorScreen');
const PendingScreen = lazyRouteComponent(() => import('./screens/PendingScreen'), 'PendingScreen');

/**
 * Search params stay strings: the router's default JSON parsing would turn `?ref=123` into a number
 * and could alter tokens. Each route validates its own with zod.
 */
function parseSearch(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search));
}

function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The site's router; the browser entry and the prerenderer each make one, with its own query cache for
 * the signed-in pages (`loadQueryClient`, made when the first of them loads).
 */
export function makeRouter(options: { history?: Parameters<typeof createRouter>[0]['history'] } = {}) {
  return createRouter({
    routeTree,
    context: { loadQueryClient: lazyQueryClient() },
    defaultPreload: 'intent',
    scrollRestoration: true,
    parseSearch,
    stringifySearch,
    // A page still loading its data after a second shows the loading screen; an error no screen
    // handled, the error screen, in place of the page.
    defaultPendingComponent: PendingScreen,
    defaultErrorComponent: ({ error }) => (
      <ErrorScreen message={error instanceof Error ? error.message : String(error)} />
    ),
    // An unknown path is the whole-page not-found screen, inside a layout's path or not.
    notFoundMode: 'root',
    defaultNotFoundComponent: () => <ErrorScreen message="404 Not Found" />,
    ...options,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof makeRouter>;
  }
}
