import type { Network } from '@ledgerline/rules/coins';

/** The chain each network runs on, as a person choosing one reads it. */
export const networkLabels: Record<Network, string> = {
  BTC: 'Bitcoin (BTC)',
  ETH: 'Ethereum (ETH)',
  'usdt-trc20': 'TRON (TRC-20)',
  'usdt-bsc': 'BNB Smart Chain (BEP-20)',
  'usdt-erc20': 'Ethereum (ERC-20)',
};

/** The short name used in sentences: "you chose ERC-20". */
export const networkShortNames: Record<Network, string> = {
  BTC: 'Bitcoin',
  ETH: 'Ethereum',
  'usdt-trc20': 'TRC-20',
  'usdt-bsc': 'BEP-20',
  'usdt-erc20': 'ERC-20',
};

/**
 * Networks whose addresses look exactly like another network's (0x… on Ethereum and on BNB Smart
 * Chain): the address cannot tell them apart, so the person confirms the chain in words.
 */
export const chainsToConfirm: Partial<Record<Network, string>> = {
  'usdt-bsc': 'BNB Smart Chain (BEP-20)',
  'usdt-erc20': 'Ethereum (ERC-20)',
};
