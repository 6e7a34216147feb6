import { type Schemas, unwrap } from '@ledgerline/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { $api } from '../../../api/queryClient';

export type Wallet = Schemas['Wallet'];

/**
 * The admin wallets deposits are paid to, active ones only. It must not fail the screen: a failure is
 * logged and answers no wallets, so the spinner stops and the form shows with none.
 */
export function loadActiveWallets(): Promise<Wallet[]> {
  return unwrap(api.GET('/admin-wallets')).then(
    (wallets) => wallets.filter((wallet) => wallet.active),
    (error: unknown) => {
      console.error('The deposit wallets could not be loaded', error);
      return [];
    },
  );
}

export const activeWalletsQuery = queryOptions({
  queryKey: $api.queryOptions('get', '/admin-wallets').queryKey,
  queryFn: loadActiveWallets,
});

/** The active deposit wallets, or `'loading'`. */
export function useWallets(): Wallet[] | 'loading' {
  const wallets = useQuery(activeWalletsQuery);
  return wallets.data ?? 'loading';
}
