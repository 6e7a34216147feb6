import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { DocumentMeta } from '../layout/DocumentMeta';
import { RouterNavigation } from '../layout/RouterLink';
import { ToastOutlet } from '../layout/ToastOutlet';

/** What every route's `beforeLoad` and loader receive: the signed-in pages' query cache, made on demand. */
export type RouterContext = { loadQueryClient: () => Promise<QueryClient> };

function Root() {
  return (
    <RouterNavigation>
      <DocumentMeta />
      <Outlet />
      <ToastOutlet />
    </RouterNavigation>
  );
}

// The 404, error and loading screens are the router's defaults (src/router.tsx).
export const Route = createRootRouteWithContext<RouterContext>()({ component: Root });
