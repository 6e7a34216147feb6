import { unwrap } from '@ledgerline/api-client';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../../api/api';

/** The balance that can be withdrawn now: a number, `'loading'`, or `'failed'`. */
export type AvailableBalance = number | 'loading' | 'failed';

/**
 * The signed-in user's `availableBalance` (`GET /users/user-info?fields=availableBalance`), and a
 * way to ask again once a withdrawal has placed a hold. A failure is logged; the server still
 * refuses a withdrawal over the balance.
 */
export function useAvailableBalance(): [AvailableBalance, () => void] {
  const [balance, setBalance] = useState<AvailableBalance>('loading');
  const [version, setVersion] = useState(0);

  useEffect(() => {
    // Read so the effect runs again when `reload` bumps it.
    void version;
    let current = true;
    unwrap(api.GET('/users/user-info', { params: { query: { fields: 'availableBalance' } } }))
      .then((info) => {
        if (current) setBalance(info.availableBalance ?? 'failed');
      })
      .catch((error: unknown) => {
        console.error('The available balance could not be loaded', error);
        if (current) setBalance('failed');
      });
    return () => {
      current = false;
    };
  }, [version]);

  const reload = useCallback(() => setVersion((value) => value + 1), []);
  return [balance, reload];
}
