import { unwrap } from '@ledgerline/api-client';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { $api } from '../../../api/queryClient';

/** The balance that can be withdrawn now: a number, `'loading'`, or `'failed'`. */
export type AvailableBalance = number | 'loading' | 'failed';

/**
 * The signed-in user's `availableBalance` (`GET /users/user-info?fields=availableBalance`). It must
 * not fail the screen: a failure is logged and answers `'failed'` (the server still refuses a
 * withdrawal over the balance).
 */
export function loadAvailableBalance(): Promise<number | 'failed'> {
  return unwrap(api.GET('/users/user-info', { params: { query: { fields: 'availableBalance' } } })).then(
    (info) => info.availableBalance ?? 'failed',
    (error: unknown) => {
      console.error('The available balance could not be loaded', error);
      return 'failed' as const;
    },
  );
}

export const availableBalanceQuery = queryOptions({
  queryKey: $api.queryOptions('get', '/users/user-info', {
    params: { query: { fields: 'availableBalance' } },
  }).queryKey,
  queryFn: loadAvailableBalance,
});

/**
 * The available balance, and a way to ask again once a withdrawal has placed a hold (which changes
 * every user-info figure). A review or a posting invalidates it too (src/live/liveQueries.ts).
 */
export function useAvailableBalance(): [AvailableBalance, () => void] {
  const balance = useQuery(availableBalanceQuery);
  const queryClient = useQueryClient();
  const reload = () => void queryClient.invalidateQueries({ queryKey: ['get', '/users/user-info'] });
  return [balance.data ?? 'loading', reload];
}
