/*
 * The coins a person deposits and withdraws and the networks each is sent on, as the site, the
 * server and the mocks all list them. The contract names the same values: the api-client package
 * checks at compile time that its `CoinType` and `Network` are exactly these.
 */

/** The coins a person deposits and withdraws, in the order they are shown: bitcoin, ethereum, usdt. */
export const coinTypes = ['bitcoin', 'ethereum', 'usdt'] as const;

/** A coin: bitcoin, ethereum or usdt, and no other. */
export type CoinType = (typeof coinTypes)[number];

/** Every network, in the order they are offered. */
export const networks = ['BTC', 'ETH', 'usdt-trc20', 'usdt-bsc', 'usdt-erc20'] as const;

/** A network a coin is sent on. */
export type Network = (typeof networks)[number];

/** The networks each coin is sent on: bitcoin on BTC, ethereum on ETH, usdt on TRC-20, BEP-20 and ERC-20. */
export const coinNetworks: Readonly<Record<CoinType, readonly Network[]>> = {
  bitcoin: ['BTC'],
  ethereum: ['ETH'],
  usdt: ['usdt-trc20', 'usdt-bsc', 'usdt-erc20'],
};

/** Whether a text (a form's value, a multipart field) names a coin. */
export function isCoinType(value: string): value is CoinType {
  return (coinTypes as readonly string[]).includes(value);
}

/** Whether a text names a network. */
export function isNetwork(value: string): value is Network {
  return (networks as readonly string[]).includes(value);
}
