import { createFileRoute } from '@tanstack/react-router';
import { pickSearch } from '../forms/pickSearch';
import { verifyEmailSearch } from '../forms/searchParams';
import { VerifyEmailScreen } from '../screens/auth/VerifyEmailScreen';

export const Route = createFileRoute('/verify-email')({
  validateSearch: pickSearch('email', 'verificationToken'),
  staticData: { page: '/verify-email' },
  component: function VerifyEmailRoute() {
    const { email, verificationToken } = verifyEmailSearch.parse(Route.useSearch());
    return <VerifyEmailScreen email={email} verificationToken={verificationToken} />;
  },
});
