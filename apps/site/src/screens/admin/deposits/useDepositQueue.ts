import { type Schemas, unwrap } from '@ledgerline/api-client';
import { api } from '../../../api/api';
import { useKeysetPages } from '../../../api/useKeysetPages';

export type AdminDeposit = Schemas['AdminDeposit'];

/** The queue's filters: a status (pending first) and a coin; `all` leaves one out. */
export type QueueFilters = {
  status: Schemas['RequestStatus'] | 'all';
  coin: Schemas['CoinType'] | 'all';
};

export const pendingFirst: QueueFilters = { status: 'pending', coin: 'all' };

/** Rows per page of the queue. */
export const queuePageSize = 50;

/** The deposits, newest first, one keyset page at a time. */
export function useDepositQueue({ status, coin }: QueueFilters) {
  const query = { status: status === 'all' ? undefined : status, type: coin === 'all' ? undefined : coin };
  return useKeysetPages<AdminDeposit>(JSON.stringify(query), (cursor, signal) =>
    unwrap(
      api.GET('/admin/deposits', { params: { query: { ...query, limit: queuePageSize, cursor } }, signal }),
    ),
  );
}
