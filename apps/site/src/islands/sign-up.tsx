import { usePageSearch } from '../forms/pageSearch';
import { signUpSearch } from '../forms/searchParams';
import { SignUpScreen } from '../screens/auth/SignUpScreen';

/** The HTML is the form with no referral ID; a shared link's ID is filled in right after hydration. */
export default function SignUpIsland() {
  const { ref } = usePageSearch(signUpSearch, { ref: undefined });
  return <SignUpScreen referralId={ref} />;
}
