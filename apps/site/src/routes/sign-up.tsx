import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { pickSearch } from '../forms/pickSearch';
import { optionalSearchText } from '../forms/searchParams';
import { SignUpScreen } from '../screens/auth/SignUpScreen';

const searchSchema = z.object({ ref: optionalSearchText(50) });

export const Route = createFileRoute('/sign-up')({
  validateSearch: pickSearch('ref'),
  staticData: { page: '/sign-up' },
  component: function SignUpRoute() {
    const { ref } = searchSchema.parse(Route.useSearch());
    return <SignUpScreen referralId={ref} />;
  },
});
