import { cancelAddressLockOffSearch, pageSearch } from '../forms/searchParams';
import { CancelAddressLockOffScreen } from '../screens/auth/CancelAddressLockOffScreen';

export default function CancelAddressLockOffIsland() {
  const { token } = pageSearch(cancelAddressLockOffSearch);
  return <CancelAddressLockOffScreen token={token} />;
}

/**
 * The HTML: the wait a complete link starts with ("Keeping the lock on" and a spinner), which shows
 * no token, so this stand-in never reaches the page.
 */
export function Prerendered() {
  return <CancelAddressLockOffScreen token="token" />;
}

/** A complete link shows the wait of the HTML; an incomplete one says so instead. */
export const hydrates = () => pageSearch(cancelAddressLockOffSearch).token !== undefined;
