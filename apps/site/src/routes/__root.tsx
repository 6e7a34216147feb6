import { createRootRoute, Outlet } from '@tanstack/react-router';
import { ErrorScreen } from '../screens/ErrorScreen';

export const Route = createRootRoute({
  component: Outlet,
  notFoundComponent: () => <ErrorScreen message="404 Not Found" />,
  errorComponent: ({ error }) => (
    <ErrorScreen message={error instanceof Error ? error.message : String(error)} />
  ),
});
