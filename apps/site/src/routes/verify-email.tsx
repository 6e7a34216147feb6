import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { pickSearch } from '../forms/pickSearch';
import { optionalSearchText } from '../forms/searchParams';
import { VerifyEmailScreen } from '../screens/auth/VerifyEmailScreen';

const searchSchema = z.object({
  email: optionalSearchText(254),
  verificationToken: optionalSearchText(200),
});

export const Route = createFileRoute('/verify-email')({
  validateSearch: pickSearch('email', 'verificationToken'),
  staticData: { page: '/verify-email' },
  component: function VerifyEmailRoute() {
    const { email, verificationToken } = searchSchema.parse(Route.useSearch());
    return <VerifyEmailScreen email={email} verificationToken={verificationToken} />;
  },
});
