import type { ApiError } from '@ledgerline/api-client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { showRequestFailure } from '../shared/requestFailure';
import { asApiError } from './useApiData';

/** One page of a list the contract pages by keyset: its rows, and the cursor of the next page. */
export type KeysetPage<Item> = { items: Item[]; nextCursor: string | null };

export type KeysetState<Item> =
  | { phase: 'loading' }
  /** `failure`: the first page could not be loaded. */
  | {
      phase: 'ready';
      items: Item[];
      nextCursor: string | null;
      failure: ApiError | null;
      loadingMore: boolean;
    };

/**
 * A list one keyset page at a time: the first page whenever `query` (its filters, as a string)
 * changes, then the next by the answer's `nextCursor` on `loadMore()`; `reload()` fetches the first
 * page again, keeping the rows on screen until it arrives. A stale answer (the filters changed
 * meanwhile) is dropped; a failed "more" is shown as a toast and leaves the rows as they were.
 */
export function useKeysetPages<Item>(
  query: string,
  fetchPage: (cursor: string | undefined, signal?: AbortSignal) => Promise<KeysetPage<Item>>,
) {
  const [state, setState] = useState<KeysetState<Item>>({ phase: 'loading' });
  const [version, setVersion] = useState(0);
  const generation = useRef(0);
  const shownQuery = useRef<string | null>(null);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `query` and `version` are the triggers.
  useEffect(() => {
    const current = ++generation.current;
    const controller = new AbortController();
    // New filters start from a loading list; a reload keeps the rows shown meanwhile.
    if (shownQuery.current !== query) {
      shownQuery.current = query;
      setState({ phase: 'loading' });
    }
    fetchRef
      .current(undefined, controller.signal)
      .then((page) => {
        if (current !== generation.current) return;
        setState({
          phase: 'ready',
          items: page.items,
          nextCursor: page.nextCursor,
          failure: null,
          loadingMore: false,
        });
      })
      .catch((error: unknown) => {
        if (current !== generation.current || controller.signal.aborted) return;
        setState({
          phase: 'ready',
          items: [],
          nextCursor: null,
          failure: asApiError(error),
          loadingMore: false,
        });
      });
    return () => controller.abort();
  }, [query, version]);

  const loadMore = useCallback(async () => {
    if (state.phase !== 'ready' || !state.nextCursor || state.loadingMore) return;
    const current = generation.current;
    setState({ ...state, loadingMore: true });
    try {
      const page = await fetchRef.current(state.nextCursor);
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
  }, [state]);

  const reload = useCallback(() => setVersion((current) => current + 1), []);
  return { state, loadMore, reload };
}
