import { type Schemas, unwrap } from '@ledgerline/api-client';
import { api } from '../../../api/api';
import { useKeysetQuery } from '../../../api/keysetQuery';
import { type QueueFilters, queryPageSize, queueQuery } from '../review/QueueFilters';

export type AdminWithdrawal = Schemas['AdminWithdrawal'];

/** The withdrawals, newest first, one keyset page at a time. */
export function useWithdrawalQueue(filters: QueueFilters) {
  const query = queueQuery(filters);
  return useKeysetQuery<AdminWithdrawal>(
    ['get', '/admin/withdrawals', { params: { query } }],
    (cursor, signal) =>
      unwrap(
        api.GET('/admin/withdrawals', {
          params: { query: { ...query, limit: queryPageSize, cursor } },
          signal,
        }),
      ),
  );
}
