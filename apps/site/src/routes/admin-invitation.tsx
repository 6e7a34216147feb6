import { createFileRoute } from '@tanstack/react-router';
import { pickSearch } from '../forms/pickSearch';
import { adminInvitationSearch } from '../forms/searchParams';
import { AdminInvitationScreen } from '../screens/auth/AdminInvitationScreen';

export const Route = createFileRoute('/admin-invitation')({
  validateSearch: pickSearch('token'),
  staticData: { page: '/admin-invitation' },
  component: function AdminInvitationRoute() {
    const { token } = adminInvitationSearch.parse(Route.useSearch());
    return <AdminInvitationScreen token={token} />;
  },
});
