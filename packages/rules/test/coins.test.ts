import { coinNetworks, coinTypes, isCoinType, isNetwork, networks } from '@ledgerline/rules/coins';
import { describe, expect, it } from 'vitest';

describe('the coin and network catalogue', () => {
  it('lists the coins and networks in the order they are offered', () => {
    expect(coinTypes).toEqual(['bitcoin', 'ethereum', 'usdt']);
    expect(networks).toEqual(['BTC', 'ETH', 'usdt-trc20', 'usdt-bsc', 'usdt-erc20']);
  });

  it('sends every network for exactly one coin', () => {
    expect(coinTypes.flatMap((coin) => coinNetworks[coin]).sort()).toEqual([...networks].sort());
  });

  it('recognises coin and network names exactly, and nothing else', () => {
    for (const coin of coinTypes) expect(isCoinType(coin)).toBe(true);
    for (const network of networks) expect(isNetwork(network)).toBe(true);
    for (const other of ['', 'Bitcoin', 'btc', 'usdt ', 'BTC', 'toString'])
      expect(isCoinType(other), other).toBe(false);
    for (const other of ['', 'btc', 'ERC-20', 'bitcoin', 'usdt-trc20 ', 'toString'])
      expect(isNetwork(other), other).toBe(false);
  });
});
