import { type Schemas, unwrap } from '@ledgerline/api-client';
import { useEffect, useState } from 'react';
import { api } from '../../../api/api';

export type Wallet = Schemas['Wallet'];

/**
 * The admin wallets deposits are paid to, or `'loading'`. A failure is logged, the
 * spinner stops and the form shows with no wallets.
 */
export function useWallets(): Wallet[] | 'loading' {
  const [wallets, setWallets] = useState<Wallet[] | 'loading'>('loading');
  useEffect(() => {
    let current = true;
    unwrap(api.GET('/admin-wallets'))
      .then((answer) => {
        if (current) setWallets(answer.filter((wallet) => wallet.active));
      })
      .catch((error: unknown) => {
        console.error('The deposit wallets could not be loaded', error);
        if (current) setWallets([]);
      });
    return () => {
      current = false;
    };
  }, []);
  return wallets;
}
