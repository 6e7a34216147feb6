import type { Decorator } from '@storybook/react-vite';
import {
  type AnyRouter,
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterContextProvider,
} from '@tanstack/react-router';
import { useState, useSyncExternalStore } from 'react';
import { RouterNavigation } from '../layout/RouterLink';
import { ToastOutlet } from '../layout/ToastOutlet';

/** Where the story's router is now, in the DOM: a play function can check that a screen navigated. */
function LocationProbe({ router }: { router: AnyRouter }) {
  const href = useSyncExternalStore(
    (listener) => router.history.subscribe(listener),
    () => router.history.location.href,
  );
  return (
    <output data-story-location hidden>
      {href}
    </output>
  );
}

/**
 * Renders a screen story with a TanStack router in context (on a memory history starting at
 * `initialPath`), so links, `useNavigate` and `useLocation` work as in the site, and toasts show as in
 * the site. The story renders at once, not after the router loads a route: play functions find it
 * straight away. Navigating changes the history only; `storyLocation()` reads it.
 */
export function withRouter(initialPath = '/'): Decorator {
  return (Story) => {
    const [router] = useState(() =>
      createRouter({
        routeTree: createRootRoute(),
        history: createMemoryHistory({ initialEntries: [initialPath] }),
      }),
    );
    return (
      <RouterContextProvider router={router}>
        <RouterNavigation>
          <Story />
        </RouterNavigation>
        <ToastOutlet />
        <LocationProbe router={router} />
      </RouterContextProvider>
    );
  };
}

/** The path (and query) the story's router is on, for play functions. */
export function storyLocation(canvasElement: HTMLElement): string | null {
  return canvasElement.ownerDocument.querySelector('[data-story-location]')?.textContent ?? null;
}
