import { type Schemas, unwrap } from '@ledgerline/api-client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../../api/api';
import { showRequestFailure } from '../money/requestFailure';
import type { Transaction } from './transactionText';

/** The three filters the contract offers; `all` leaves one out. */
export type HistoryFilters = {
  kind: Schemas['TrxType'] | 'all';
  status: Schemas['RequestStatus'] | 'all';
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

export type TransactionsState =
  | { phase: 'loading' }
  /** `failed`: the first page could not be loaded (logged; the empty message shows). */
  | {
      phase: 'ready';
      items: Transaction[];
      nextCursor: string | null;
      failed: boolean;
      loadingMore: boolean;
    };

/**
 * The history, one keyset page at a time: the first page whenever the filters change, then the next
 * by the answer's `nextCursor` on `loadMore()`. A stale answer (the filters changed meanwhile) is
 * dropped.
 */
export function useTransactions(filters: HistoryFilters) {
  const [state, setState] = useState<TransactionsState>({ phase: 'loading' });
  const generation = useRef(0);
  const { kind, status, coin } = filters;

  useEffect(() => {
    const current = ++generation.current;
    const controller = new AbortController();
    setState({ phase: 'loading' });
    fetchPage(filterQuery({ kind, status, coin }), controller.signal)
      .then((page) => {
        if (current !== generation.current) return;
        setState({
          phase: 'ready',
          items: page.items,
          nextCursor: page.nextCursor,
          failed: false,
          loadingMore: false,
        });
      })
      .catch((error: unknown) => {
        if (current !== generation.current) return;
        console.error('The transaction history could not be loaded', error);
        setState({ phase: 'ready', items: [], nextCursor: null, failed: true, loadingMore: false });
      });
    return () => controller.abort();
  }, [kind, status, coin]);

  const loadMore = useCallback(async () => {
    if (state.phase !== 'ready' || !state.nextCursor || state.loadingMore) return;
    const current = generation.current;
    setState({ ...state, loadingMore: true });
    try {
      const page = await fetchPage({ ...filterQuery({ kind, status, coin }), cursor: state.nextCursor });
      if (current !== generation.current) return;
      setState({
        ...state,
        items: [...state.items, ...page.items],
        nextCursor: page.nextCursor,
        loadingMore: false,
      });
    } catch (error) {
      if (current !== generation.current) return;
      showRequestFailure(error);
      setState({ ...state, loadingMore: false });
    }
  }, [state, kind, status, coin]);

  return { state, loadMore };
}
