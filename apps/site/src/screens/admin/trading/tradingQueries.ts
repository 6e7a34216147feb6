import { $api } from '../../../api/queryClient';

/** Every fund's status and figures, the global switch and the latest risk events (`GET /admin/trading`). */
export const adminTradingQuery = $api.queryOptions('get', '/admin/trading');

/** One fund on the desk in full: its risk events and a fresh reconciliation (`GET /admin/funds/{fundId}`). */
export const adminFundQuery = (fundId: string) =>
  $api.queryOptions('get', '/admin/funds/{fundId}', { params: { path: { fundId } } });
