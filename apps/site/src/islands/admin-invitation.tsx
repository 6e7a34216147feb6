import { adminInvitationSearch, pageSearch } from '../forms/searchParams';
import { AdminInvitationScreen } from '../screens/auth/AdminInvitationScreen';

export default function AdminInvitationIsland() {
  const { token } = pageSearch(adminInvitationSearch);
  return <AdminInvitationScreen token={token} />;
}

/** The HTML: the empty "Join the back office" form a complete link starts with; it holds no token. */
export function Prerendered() {
  return <AdminInvitationScreen token="token" />;
}

/** A complete link shows the form of the HTML; an incomplete one says so instead. */
export const hydrates = () => pageSearch(adminInvitationSearch).token !== undefined;
