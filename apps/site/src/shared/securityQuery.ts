import { $api } from '../api/queryClient';

/**
 * The account's security settings: two-factor, the withdrawal pause, the address lock. One query for
 * the dashboard's screens and the back office's gate; a change made on the profile invalidates it.
 */
export const securityQuery = $api.queryOptions('get', '/auth/security');
