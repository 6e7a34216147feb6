import { usePageSearch } from '../forms/pageSearch';
import { changePasswordSearch } from '../forms/searchParams';
import { ChangePasswordScreen } from '../screens/auth/ChangePasswordScreen';

/**
 * The HTML is the form "For your account."; right after hydration the page names the link's email,
 * or says the link is incomplete.
 */
export default function ChangePasswordIsland() {
  const { email, token } = usePageSearch(changePasswordSearch, { email: 'your account', token: 'token' });
  return <ChangePasswordScreen email={email} token={token} />;
}
