import { pageSearch, signUpSearch } from '../forms/searchParams';
import { SignUpScreen } from '../screens/auth/SignUpScreen';

export default function SignUpIsland() {
  const { ref } = pageSearch(signUpSearch);
  return <SignUpScreen referralId={ref} />;
}

/** The HTML: the form with no referral ID, as most visits see it. */
export function Prerendered() {
  return <SignUpScreen />;
}

/** A shared link's referral ID fills a field and adds a line: that page is rendered afresh. */
export const hydrates = () => pageSearch(signUpSearch).ref === undefined;
