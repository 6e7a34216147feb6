import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_admin/admin/')({
  // The back office opens on its deposit queue, the work that waits first.
  beforeLoad: () => {
    throw redirect({ to: '/admin/deposits', replace: true });
  },
});
