import { createFileRoute, redirect } from '@tanstack/react-router';
import { DashboardLayout } from '../layout/DashboardLayout';
import { readSession } from '../session/session';

export const Route = createFileRoute('/_dashboard')({
  staticData: { noindex: true },
  // Dashboard routes need a saved session; without one they redirect to /sign-in.
  beforeLoad: () => {
    if (!readSession()) throw redirect({ to: '/sign-in', replace: true });
  },
  component: DashboardLayout,
});
