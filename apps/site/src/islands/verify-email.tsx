import { pageSearch, verifyEmailSearch } from '../forms/searchParams';
import { VerifyEmailScreen } from '../screens/auth/VerifyEmailScreen';

export default function VerifyEmailIsland() {
  const { email, verificationToken } = pageSearch(verifyEmailSearch);
  return <VerifyEmailScreen email={email} verificationToken={verificationToken} />;
}

/**
 * The HTML: the wait a complete link starts with ("Verifying your email" and a spinner), which shows
 * neither the email nor the token, so these stand-ins never reach the page.
 */
export function Prerendered() {
  return <VerifyEmailScreen email="email" verificationToken="token" />;
}

/** A complete link shows the wait of the HTML; an incomplete one says so instead. */
export const hydrates = () => {
  const { email, verificationToken } = pageSearch(verifyEmailSearch);
  return email !== undefined && verificationToken !== undefined;
};
