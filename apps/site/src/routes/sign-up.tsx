import { createFileRoute } from '@tanstack/react-router';
import { pickSearch } from '../forms/pickSearch';
import { signUpSearch } from '../forms/searchParams';
import { SignUpScreen } from '../screens/auth/SignUpScreen';

export const Route = createFileRoute('/sign-up')({
  validateSearch: pickSearch('ref'),
  staticData: { page: '/sign-up' },
  component: function SignUpRoute() {
    const { ref } = signUpSearch.parse(Route.useSearch());
    return <SignUpScreen referralId={ref} />;
  },
});
