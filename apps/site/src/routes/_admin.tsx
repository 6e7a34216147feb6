import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { AdminLayout } from '../screens/admin/AdminLayout';
import { readSession } from '../session/session';

export const Route = createFileRoute('/_admin')({
  staticData: { noindex: true },
  // The back office needs an admin's saved session: without a session it is /sign-in; a user finds
  // nothing here, as at any other unknown path. The server's 403 on every admin call is the real guard.
  beforeLoad: () => {
    const session = readSession();
    if (!session) throw redirect({ to: '/sign-in', replace: true });
    if (session.role !== 'admin') throw notFound();
  },
  component: AdminLayout,
});
