/*
 * Crypto address checks, offline: the same rules the site applies, from @ledgerline/api-client.
 * The server's names for them stay here for the modules that import them.
 */
export {
  addressProblem,
  type CoinType,
  type Network,
  networksOf,
  walletAddressProblem,
} from '@ledgerline/api-client/addresses';
