import type { Schemas } from '@ledgerline/api-client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { KeysetState } from '../../../api/keysetQuery';
import { $api, useReload } from '../../../api/queryClient';
import { asApiError } from '../../../shared/requestFailure';

export type Wallet = Schemas['Wallet'];

/** Every wallet of the platform (the contract lists them all at once). */
export const adminWalletsQuery = $api.queryOptions('get', '/admin/wallets');

/**
 * Every wallet of the platform, active and inactive, newest first, in the queues' list state (one
 * page). A saved or deleted wallet changes the rows from the server's answer (the query's data),
 * without loading the list again.
 */
export function useAdminWallets() {
  const queryClient = useQueryClient();
  const wallets = useQuery(adminWalletsQuery);
  const reload = useReload(adminWalletsQuery.queryKey);

  let state: KeysetState<Wallet>;
  // A failed list shows the spinner again while it is retried; loaded rows stay until the answer.
  if (wallets.isPending || (wallets.isError && wallets.isFetching)) state = { phase: 'loading' };
  else if (wallets.isError)
    state = {
      phase: 'ready',
      items: [],
      nextCursor: null,
      failure: asApiError(wallets.error),
      loadingMore: false,
    };
  else state = { phase: 'ready', items: wallets.data, nextCursor: null, failure: null, loadingMore: false };

  const update = useCallback(
    (change: (items: Wallet[]) => Wallet[]) =>
      queryClient.setQueryData<Wallet[]>(adminWalletsQuery.queryKey, (items) => items && change(items)),
    [queryClient],
  );

  /** The server's answer to a create or a change: a new wallet goes first (newest first), a changed one stays in place. */
  const saved = useCallback(
    (wallet: Wallet) =>
      update((items) =>
        items.some((item) => item._id === wallet._id)
          ? items.map((item) => (item._id === wallet._id ? wallet : item))
          : [wallet, ...items],
      ),
    [update],
  );

  const removed = useCallback(
    (walletId: string) => update((items) => items.filter((item) => item._id !== walletId)),
    [update],
  );

  return { state, reload, saved, removed };
}
