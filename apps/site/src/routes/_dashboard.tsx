import { QueryClientProvider } from '@tanstack/react-query';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { DashboardLayout } from '../layout/DashboardLayout';
import { readSession } from '../session/session';

export const Route = createFileRoute('/_dashboard')({
  staticData: { noindex: true },
  // Dashboard routes need a saved session; without one they redirect to /sign-in. Their loaders and
  // screens share the signed-in pages' query cache.
  beforeLoad: async ({ context }) => {
    if (!readSession()) throw redirect({ to: '/sign-in', replace: true });
    return { queryClient: await context.loadQueryClient() };
  },
  component: DashboardRoute,
});

function DashboardRoute() {
  const { queryClient } = Route.useRouteContext();
  return (
    <QueryClientProvider client={queryClient}>
      <DashboardLayout />
    </QueryClientProvider>
  );
}
