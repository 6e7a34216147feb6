import { createFileRoute } from '@tanstack/react-router';
import { pickSearch } from '../forms/pickSearch';
import { revertEmailChangeSearch } from '../forms/searchParams';
import { RevertEmailChangeScreen } from '../screens/auth/RevertEmailChangeScreen';

export const Route = createFileRoute('/revert-email-change')({
  validateSearch: pickSearch('token'),
  staticData: { page: '/revert-email-change' },
  component: function RevertEmailChangeRoute() {
    const { token } = revertEmailChangeSearch.parse(Route.useSearch());
    return <RevertEmailChangeScreen token={token} />;
  },
});
