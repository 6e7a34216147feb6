import { unwrap } from '@ledgerline/api-client';
import { api } from '../../../api/api';
import { useApiData } from '../../../api/useApiData';
import { useLiveRefresh } from '../../../live/liveEvents';

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

/** The available balance, and a way to ask again once a withdrawal has placed a hold. */
export function useAvailableBalance(): [AvailableBalance, () => void] {
  const balance = useApiData(loadAvailableBalance);
  // A review or a posting changes what can be withdrawn.
  useLiveRefresh(['deposit.reviewed', 'withdrawal.reviewed', 'ledger.posted'], balance.reload);
  return [
    balance.status === 'loaded' ? balance.data : balance.status === 'loading' ? 'loading' : 'failed',
    balance.reload,
  ];
}
