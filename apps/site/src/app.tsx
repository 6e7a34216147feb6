import { systemTheme } from '@ledgerline/ui';
import { RouterProvider } from '@tanstack/react-router';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { makeRouter } from './router';

export { appReady } from './layout/appReady';

/**
 * Starts the app with its router at the current path: src/main.tsx on every page that is not an
 * island, and an island page once an action leads on (src/island.tsx).
 */
export async function startApp(): Promise<void> {
  // The theme goes on <html> so that portalled dialogs and toasts inherit it too.
  document.documentElement.classList.add(systemTheme);
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');

  const router = makeRouter();
  // Prerendered pages carry the router's state in `$_TSR` and are hydrated; every other path gets the
  // empty shell and renders in the browser.
  if ('$_TSR' in window) {
    // The page's route components are split into chunks (preloaded by the page's <link>s). Load them
    // before hydrating: a component still loading would suspend, and React would swap the prerendered
    // content for nothing until it arrived (a full-page layout shift).
    const matches = router.matchRoutes(router.state.location);
    await Promise.all(
      matches.map((match) => {
        const route = router.routesById[match.routeId as keyof typeof router.routesById];
        return route ? router.loadRouteChunk(route) : undefined;
      }),
    ).catch(() => undefined);
    hydrateRoot(
      container,
      <StrictMode>
        <RouterClient router={router} />
      </StrictMode>,
    );
  } else {
    createRoot(container).render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  }
}
