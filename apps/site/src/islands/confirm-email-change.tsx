import { confirmEmailChangeSearch, pageSearch } from '../forms/searchParams';
import { ConfirmEmailChangeScreen } from '../screens/auth/ConfirmEmailChangeScreen';

export default function ConfirmEmailChangeIsland() {
  const { token } = pageSearch(confirmEmailChangeSearch);
  return <ConfirmEmailChangeScreen token={token} />;
}

/**
 * The HTML: the wait a complete link starts with ("Confirming your new email" and a spinner), which
 * shows no token, so this stand-in never reaches the page.
 */
export function Prerendered() {
  return <ConfirmEmailChangeScreen token="token" />;
}

/** A complete link shows the wait of the HTML; an incomplete one says so instead. */
export const hydrates = () => pageSearch(confirmEmailChangeSearch).token !== undefined;
