import { $api } from '../../../api/queryClient';

/** One user as the back office sees them: profile, figures and KYC state. Their requests sit under this key. */
export function adminUserQuery(userId: string) {
  return $api.queryOptions('get', '/admin/users/{userId}', { params: { path: { userId } } });
}
