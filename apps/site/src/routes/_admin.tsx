import { QueryClientProvider } from '@tanstack/react-query';
import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { AdminLayout } from '../screens/admin/AdminLayout';
import { readSession } from '../session/session';

export const Route = createFileRoute('/_admin')({
  staticData: { noindex: true },
  // The back office needs an admin's saved session: without a session it is /sign-in; a user finds
  // nothing here, as at any other unknown path. The server's 403 on every admin call is the real guard.
  // Its loaders and screens share the signed-in pages' query cache.
  beforeLoad: async ({ context }) => {
    const session = readSession();
    if (!session) throw redirect({ to: '/sign-in', replace: true });
    if (session.role !== 'admin') throw notFound();
    return { queryClient: await context.loadQueryClient() };
  },
  component: AdminRoute,
});

function AdminRoute() {
  const { queryClient } = Route.useRouteContext();
  return (
    <QueryClientProvider client={queryClient}>
      <AdminLayout />
    </QueryClientProvider>
  );
}
