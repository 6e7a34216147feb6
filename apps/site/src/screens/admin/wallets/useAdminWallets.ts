import { type Schemas, unwrap } from '@ledgerline/api-client';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../../api/api';
import type { KeysetState } from '../../../api/keysetQuery';
import { asApiError } from '../../../api/useApiData';

export type Wallet = Schemas['Wallet'];

/**
 * Every wallet of the platform, active and inactive, newest first, in the queues' list state (one
 * page: the contract lists them all at once). A saved or deleted wallet changes the rows from the
 * server's answer, without loading the list again.
 */
export function useAdminWallets() {
  const [state, setState] = useState<KeysetState<Wallet>>({ phase: 'loading' });
  const [version, setVersion] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the reload trigger.
  useEffect(() => {
    const controller = new AbortController();
    unwrap(api.GET('/admin/wallets', { signal: controller.signal })).then(
      (items) => setState({ phase: 'ready', items, nextCursor: null, failure: null, loadingMore: false }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({
          phase: 'ready',
          items: [],
          nextCursor: null,
          failure: asApiError(error),
          loadingMore: false,
        });
      },
    );
    return () => controller.abort();
  }, [version]);

  const reload = useCallback(() => {
    // A failed list shows the spinner again while it is retried; loaded rows stay until the answer.
    setState((current) => (current.phase === 'ready' && current.failure ? { phase: 'loading' } : current));
    setVersion((current) => current + 1);
  }, []);

  /** The server's answer to a create or a change: a new wallet goes first (newest first), a changed one stays in place. */
  const saved = useCallback((wallet: Wallet) => {
    setState((current) => {
      if (current.phase !== 'ready') return current;
      const known = current.items.some((item) => item._id === wallet._id);
      const items = known
        ? current.items.map((item) => (item._id === wallet._id ? wallet : item))
        : [wallet, ...current.items];
      return { ...current, items };
    });
  }, []);

  const removed = useCallback((walletId: string) => {
    setState((current) =>
      current.phase === 'ready'
        ? { ...current, items: current.items.filter((item) => item._id !== walletId) }
        : current,
    );
  }, []);

  return { state, reload, saved, removed };
}
