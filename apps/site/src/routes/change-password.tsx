import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { pickSearch } from '../forms/pickSearch';
import { optionalSearchText } from '../forms/searchParams';
import { ChangePasswordScreen } from '../screens/auth/ChangePasswordScreen';

const searchSchema = z.object({ email: optionalSearchText(254), token: optionalSearchText(200) });

export const Route = createFileRoute('/change-password')({
  validateSearch: pickSearch('email', 'token'),
  staticData: { page: '/change-password' },
  component: function ChangePasswordRoute() {
    const { email, token } = searchSchema.parse(Route.useSearch());
    return <ChangePasswordScreen email={email} token={token} />;
  },
});
