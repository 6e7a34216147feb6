import { type Schemas, unwrap } from '@ledgerline/api-client';
import { api } from '../../../api/api';
import { useKeysetQuery } from '../../../api/keysetQuery';
import { type QueueFilters, queryPageSize as queuePageSize, queueQuery } from '../review/QueueFilters';

export type AdminDeposit = Schemas['AdminDeposit'];

/** The deposits, newest first, one keyset page at a time. */
export function useDepositQueue(filters: QueueFilters) {
  const query = queueQuery(filters);
  return useKeysetQuery<AdminDeposit>(['get', '/admin/deposits', { params: { query } }], (cursor, signal) =>
    unwrap(
      api.GET('/admin/deposits', { params: { query: { ...query, limit: queuePageSize, cursor } }, signal }),
    ),
  );
}
