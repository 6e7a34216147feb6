import * as shared from '@ledgerline/api-client/addresses';
import { describe, expect, it } from 'vitest';
import { addressProblem, type Network, networksOf, walletAddressProblem } from './addresses';

// The rules themselves are tested with the shared module (packages/api-client/test/addresses.test.ts):
// here, that the server's names are those rules, word for word.

describe('the server’s address checks', () => {
  it('are the shared ones', () => {
    expect(addressProblem).toBe(shared.addressProblem);
    expect(walletAddressProblem).toBe(shared.walletAddressProblem);
    expect(networksOf).toBe(shared.networksOf);
  });

  it('say what is wrong in the server’s words', () => {
    const networks: Network[] = [...networksOf('bitcoin'), ...networksOf('usdt')];
    expect(networks).toEqual(['BTC', 'usdt-trc20', 'usdt-bsc', 'usdt-erc20']);
    expect(addressProblem('BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBeNull();
    expect(addressProblem('BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5')).toBe(
      'address is not a valid Bitcoin address',
    );
    expect(addressProblem('usdt-trc20', 'TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m8')).toBe(
      'address is not a valid USDT (TRC-20) address',
    );
    expect(addressProblem('ETH', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(
      'address is not a valid Ethereum address (check its capital letters)',
    );
    expect(walletAddressProblem('bitcoin', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')).toBe(
      'address is a testnet address, not a valid Bitcoin address',
    );
  });
});
