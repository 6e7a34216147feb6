import { type ApiError, unwrap } from '@ledgerline/api-client';
import { QueryClient, type QueryFunction, type QueryKey, useQueryClient } from '@tanstack/react-query';
import createQueryHooks from 'openapi-react-query';
import { useCallback } from 'react';
import { api } from './api';

/**
 * The client as the queries call it: a refusal or a lost request is thrown as the one error shape the
 * screens show (`ApiError`: the status and the server's `msg`), as `unwrap` does for every other call.
 */
const get = api.GET as (...args: unknown[]) => ReturnType<typeof api.GET>;
const answeredApi: typeof api = {
  ...api,
  GET: ((...args: unknown[]) => {
    const call = get(...args);
    return unwrap(call).then(() => call);
  }) as typeof api.GET,
};

/**
 * The signed-in pages' queries, one per operation and its parameters: `$api.queryOptions('get',
 * '/user/info')` is the key and the call, for a route's loader and a screen's `useQuery` alike.
 */
export const $api = createQueryHooks(answeredApi);

/**
 * The signed-in pages' cache. A refusal shows at once, as an error the screen words (no retry). A
 * screen that shows again asks again, as it always did, unless its answer has just arrived: what a
 * route's loader fetched a moment before its screen mounts is not fetched twice (`staleTime`). A page
 * visited again shows its last answer while it is fetched afresh (`prefetch`). Live events and the
 * screens' own changes invalidate what they concern, whatever its age.
 */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        retryOnMount: false,
        staleTime: 2_000,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
    },
  });
}

/** A query a loader can prefetch: its key and the call (any query's options). */
type Prefetchable = { queryKey: QueryKey; queryFn?: unknown };

/**
 * A route's loader: the requests for the data its screen shows start before the screen does (as soon
 * as a link to it is pointed at), and a page visited again shows its last answer while it is fetched
 * afresh. The loader does not wait for them: the screen shows at once with its own loading states, so
 * a slow answer (the market data) never holds the page back. A refusal is left to the screen, which
 * says what went wrong in its own words.
 */
export function prefetch(queryClient: QueryClient, ...queries: Prefetchable[]): void {
  for (const query of queries) {
    queryClient
      .ensureQueryData({
        queryKey: query.queryKey,
        queryFn: query.queryFn as QueryFunction,
        revalidateIfStale: true,
      })
      .catch(() => undefined);
  }
}

declare module '@tanstack/react-query' {
  interface Register {
    // Every query's failure is an `ApiError` (the client above throws nothing else).
    defaultError: ApiError;
  }
}

/**
 * Asks again for what `queryKey` (or any query under it) shows: its queries are invalidated, and the
 * screens keep showing the last answer until the new one arrives.
 */
export function useReload(queryKey: QueryKey): () => void {
  const queryClient = useQueryClient();
  const key = JSON.stringify(queryKey);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `queryKey`.
  return useCallback(() => void queryClient.invalidateQueries({ queryKey }), [queryClient, key]);
}
