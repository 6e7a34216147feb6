import { createRootRoute, lazyRouteComponent, Outlet } from '@tanstack/react-router';
import { DocumentMeta } from '../layout/DocumentMeta';
import { RouterNavigation } from '../layout/RouterLink';
import { ToastOutlet } from '../layout/ToastOutlet';

// Loaded only when needed: no page that works carries the error page's code.
const ErrorScreen = lazyRouteComponent(() => import('../screens/ErrorScreen'), 'ErrorScreen');

function Root() {
  return (
    <RouterNavigation>
      <DocumentMeta />
      <Outlet />
      <ToastOutlet />
    </RouterNavigation>
  );
}

export const Route = createRootRoute({
  component: Root,
  notFoundComponent: () => <ErrorScreen message="404 Not Found" />,
  errorComponent: ({ error }) => (
    <ErrorScreen message={error instanceof Error ? error.message : String(error)} />
  ),
});
