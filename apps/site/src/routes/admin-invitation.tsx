import { createFileRoute } from '@tanstack/react-router';
import { pickSearch } from '../forms/pickSearch';
import { adminInvitationSearch } from '../forms/searchParams';
import { dashboardTitle } from '../layout/routeTitles';
import { AdminInvitationScreen } from '../screens/auth/AdminInvitationScreen';

// Not prerendered: a page reached only from an invitation mail, for no search engine.
export const Route = createFileRoute('/admin-invitation')({
  validateSearch: pickSearch('token'),
  staticData: { title: dashboardTitle('Join the back office'), noindex: true },
  component: function AdminInvitationRoute() {
    const { token } = adminInvitationSearch.parse(Route.useSearch());
    return <AdminInvitationScreen token={token} />;
  },
});
