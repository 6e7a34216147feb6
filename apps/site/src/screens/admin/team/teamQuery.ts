import { $api } from '../../../api/queryClient';

/** The admins and the invitations not yet accepted: the Team screen's one query. */
export const teamQuery = $api.queryOptions('get', '/admin/admins');
