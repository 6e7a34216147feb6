import { createFileRoute } from '@tanstack/react-router';
import { pickSearch } from '../forms/pickSearch';
import { changePasswordSearch } from '../forms/searchParams';
import { ChangePasswordScreen } from '../screens/auth/ChangePasswordScreen';

export const Route = createFileRoute('/change-password')({
  validateSearch: pickSearch('email', 'token'),
  staticData: { page: '/change-password' },
  component: function ChangePasswordRoute() {
    const { email, token } = changePasswordSearch.parse(Route.useSearch());
    return <ChangePasswordScreen email={email} token={token} />;
  },
});
