import { createFileRoute } from '@tanstack/react-router';
import { pickSearch } from '../forms/pickSearch';
import { confirmEmailChangeSearch } from '../forms/searchParams';
import { ConfirmEmailChangeScreen } from '../screens/auth/ConfirmEmailChangeScreen';

export const Route = createFileRoute('/confirm-email-change')({
  validateSearch: pickSearch('token'),
  staticData: { page: '/confirm-email-change' },
  component: function ConfirmEmailChangeRoute() {
    const { token } = confirmEmailChangeSearch.parse(Route.useSearch());
    return <ConfirmEmailChangeScreen token={token} />;
  },
});
