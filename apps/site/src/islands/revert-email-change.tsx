import { pageSearch, revertEmailChangeSearch } from '../forms/searchParams';
import { RevertEmailChangeScreen } from '../screens/auth/RevertEmailChangeScreen';

export default function RevertEmailChangeIsland() {
  const { token } = pageSearch(revertEmailChangeSearch);
  return <RevertEmailChangeScreen token={token} />;
}

/**
 * The HTML: the wait a complete link starts with ("Changing your email back" and a spinner), which
 * shows no token, so this stand-in never reaches the page.
 */
export function Prerendered() {
  return <RevertEmailChangeScreen token="token" />;
}

/** A complete link shows the wait of the HTML; an incomplete one says so instead. */
export const hydrates = () => pageSearch(revertEmailChangeSearch).token !== undefined;
