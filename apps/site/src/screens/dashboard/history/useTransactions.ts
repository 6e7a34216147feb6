import { type Schemas, unwrap } from '@ledgerline/api-client';
import { api } from '../../../api/api';
import { keysetQueryOptions, useKeysetQuery } from '../../../api/keysetQuery';
import type { Transaction } from './transactionText';

/** The three filters the contract offers; `all` leaves one out. */
export type HistoryFilters = {
  kind: Schemas['TrxType'] | 'all';
  status: Schemas['TransactionStatus'] | 'all';
  coin: Schemas['CoinType'] | 'all';
};

export const noFilters: HistoryFilters = { kind: 'all', status: 'all', coin: 'all' };

/** Rows per page: one screenful, then "Load more". */
export const pageSize = 10;

/** The filters as the contract's query: `trxType`, `status`, `type`. */
export function filterQuery({ kind, status, coin }: HistoryFilters) {
  return {
    trxType: kind === 'all' ? undefined : kind,
    status: status === 'all' ? undefined : status,
    type: coin === 'all' ? undefined : coin,
  };
}

type PageQuery = ReturnType<typeof filterQuery> & { cursor?: string };

/** One JSON page (the same call answers CSV text only when asked for `format=csv`). */
async function fetchPage(query: PageQuery, signal?: AbortSignal): Promise<Schemas['TransactionPage']> {
  const page = await unwrap(
    api.GET('/transaction-history', {
      params: { query: { limit: pageSize, format: 'json', ...query } },
      signal,
    }),
  );
  if (typeof page === 'string') throw new Error('The history answered CSV where a page was asked for');
  return page;
}

/** The history's query key for a set of filters: its pages are one infinite query. */
export function historyKey(filters: HistoryFilters) {
  return ['get', '/transaction-history', { params: { query: filterQuery(filters) } }] as const;
}

/** The history with no filters, as the page first shows it (its route's loader fetches it). */
export const unfilteredHistoryQuery = keysetQueryOptions<Transaction>(
  historyKey(noFilters),
  (cursor, signal) => fetchPage({ ...filterQuery(noFilters), cursor }, signal),
);

/**
 * The history, one keyset page at a time: the first page whenever the filters change, then the next
 * on `loadMore()`. A review or a posting invalidates it (src/live/liveQueries.ts).
 */
export function useTransactions(filters: HistoryFilters) {
  const query = filterQuery(filters);
  return useKeysetQuery<Transaction>(historyKey(filters), (cursor, signal) =>
    fetchPage({ ...query, cursor }, signal),
  );
}
