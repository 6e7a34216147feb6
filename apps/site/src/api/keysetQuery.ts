import type { ApiError } from '@ledgerline/api-client';
import {
  infiniteQueryOptions,
  type QueryClient,
  type QueryKey,
  useInfiniteQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { showRequestFailure } from '../shared/requestFailure';

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

type FetchPage<Item> = (cursor: string | undefined, signal: AbortSignal) => Promise<KeysetPage<Item>>;

/** A keyset list as an infinite query: its pages under `queryKey`, each after the last one's cursor. */
export function keysetQueryOptions<Item>(queryKey: QueryKey, fetchPage: FetchPage<Item>) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: KeysetPage<Item>) => last.nextCursor ?? undefined,
  });
}

/** A route's loader for a keyset list: its first page is asked for at once, unawaited (see `prefetch`). */
export function prefetchKeyset<Item>(
  queryClient: QueryClient,
  options: ReturnType<typeof keysetQueryOptions<Item>>,
): void {
  queryClient.ensureInfiniteQueryData({ ...options, revalidateIfStale: true }).catch(() => undefined);
}

/**
 * A list one keyset page at a time, as an infinite query under `queryKey` (the operation and its
 * filters): the first page whenever the key changes, then the next by the answer's `nextCursor` on
 * `loadMore()`. `reload()` (and any invalidation of the key, such as a live event's) fetches the pages
 * shown again, keeping the rows on screen until they arrive. A failed "more" is shown as a toast and
 * leaves the rows as they were.
 */
export function useKeysetQuery<Item>(queryKey: QueryKey, fetchPage: FetchPage<Item>) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(keysetQueryOptions(queryKey, fetchPage));

  let state: KeysetState<Item>;
  if (query.isPending) state = { phase: 'loading' };
  else if (!query.data)
    state = { phase: 'ready', items: [], nextCursor: null, failure: query.error, loadingMore: false };
  else
    state = {
      phase: 'ready',
      items: query.data.pages.flatMap((page) => page.items),
      nextCursor: query.data.pages.at(-1)?.nextCursor ?? null,
      failure: null,
      loadingMore: query.isFetchingNextPage,
    };

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(async () => {
    if (!hasNextPage || isFetchingNextPage) return;
    const result = await fetchNextPage();
    if (result.isFetchNextPageError) showRequestFailure(result.error);
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const key = JSON.stringify(queryKey);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `queryKey`.
  const reload = useCallback(() => void queryClient.invalidateQueries({ queryKey }), [queryClient, key]);
  return { state, loadMore, reload };
}
