import { changePasswordSearch, pageSearch } from '../forms/searchParams';
import { ChangePasswordScreen } from '../screens/auth/ChangePasswordScreen';

export default function ChangePasswordIsland() {
  const { email, token } = pageSearch(changePasswordSearch);
  return <ChangePasswordScreen email={email} token={token} />;
}

/**
 * The HTML: the form, "For your account." where the page then names the link's email. The page is
 * always rendered afresh over it (it names the email), so the form is on screen from the first paint.
 */
export function Prerendered() {
  return <ChangePasswordScreen email="your account" token="token" />;
}

export const hydrates = () => false;
