import { segwitAddressFlaw } from '@ledgerline/rules/addresses';
import type { Network } from '@ledgerline/rules/coins';
import type { Coin } from '@ledgerline/ui';
import { networkShortNames } from '../../../shared/networks';

/*
 * The browser's half of the address rules the server applies (@ledgerline/rules/addresses), so
 * a person hears at once that an address belongs to another network or is mistyped. It checks what
 * needs no hashing: the form of each address, and the bech32/bech32m checksum of Bitcoin's bc1
 * addresses, with the server's own code. The base58check checksum (Bitcoin 1… and 3…, TRON T…)
 * needs SHA-256 and the capital letters of a mixed-case 0x address need keccak-256; the screen does
 * not load either, so those are left to the server, whose message arrives as a toast.
 */

/** What is wrong with an address, and whether to say so while the person is still typing. */
export type AddressProblem = {
  message: string;
  /** True when the address is clearly wrong already (another network's, or complete but invalid). */
  immediate: boolean;
};

type Family = 'bitcoin' | 'tron' | 'evm';

const base58 = '[1-9A-HJ-NP-Za-km-z]';
const segwitStart = /^(bc|tb|bcrt)1/i;
const legacyBitcoin = new RegExp(`^[13]${base58}{25,33}$`);
const legacyTestnet = new RegExp(`^[mn2]${base58}{25,34}$`);
const tronAddress = new RegExp(`^T${base58}{33}$`);
const evmAddress = /^0x[0-9a-fA-F]{40}$/;

const networkFamilies: Record<Network, Family> = {
  BTC: 'bitcoin',
  ETH: 'evm',
  'usdt-trc20': 'tron',
  'usdt-bsc': 'evm',
  'usdt-erc20': 'evm',
};

/** The network an address plainly belongs to, from how it starts; null while it could be anything. */
function familyOf(address: string): Family | null {
  if (/^0x/i.test(address)) return 'evm';
  if (new RegExp(`^T${base58}*$`).test(address)) return 'tron';
  if (segwitStart.test(address) || legacyBitcoin.test(address) || legacyTestnet.test(address))
    return 'bitcoin';
  return null;
}

function familyName(family: Family, coin: Coin): string {
  switch (family) {
    case 'bitcoin':
      return 'a Bitcoin address';
    case 'tron':
      return coin === 'usdt' ? 'a TRC-20 address' : 'a TRON address';
    case 'evm':
      return coin === 'usdt' ? 'an ERC-20 or BEP-20 address' : 'an Ethereum address';
  }
}

const copyAgain = 'Copy it again from the wallet you are sending to.';

function bitcoinProblem(address: string): AddressProblem | null {
  if (segwitStart.test(address)) {
    const flaw = segwitAddressFlaw(address);
    if (flaw === null) return null;
    if (flaw === 'testnet') {
      return {
        message:
          'This is a Bitcoin testnet address, and test coins have no value. Use an address that starts with bc1, 1 or 3.',
        immediate: true,
      };
    }
    return {
      message: `This is not a valid Bitcoin address: a character is wrong or missing. ${copyAgain}`,
      immediate: address.length >= 42,
    };
  }
  if (legacyBitcoin.test(address)) return null;
  if (legacyTestnet.test(address)) {
    return {
      message:
        'This is a Bitcoin testnet address, and test coins have no value. Use an address that starts with bc1, 1 or 3.',
      immediate: true,
    };
  }
  return {
    message: `This is not a valid Bitcoin address. Bitcoin addresses start with bc1, 1 or 3. ${copyAgain}`,
    immediate: address.length > 34 && !/^bc1/i.test(address),
  };
}

function tronProblem(address: string): AddressProblem | null {
  if (tronAddress.test(address)) return null;
  return {
    message: `This is not a valid TRC-20 address. It should start with T and be 34 characters long. ${copyAgain}`,
    immediate: address.length > 34,
  };
}

function evmProblem(address: string, network: Network): AddressProblem | null {
  // Mixed case is EIP-55's checksum: accepted here, verified by the server.
  if (evmAddress.test(address)) return null;
  return {
    message: `This is not a valid ${networkShortNames[network]} address. It should be 0x followed by 40 characters (0 to 9 and a to f). ${copyAgain}`,
    immediate: address.length > 42 || (address.length > 2 && !/^0x[0-9a-fA-F]*$/i.test(address)),
  };
}

/**
 * What is wrong with `address` for `network` (the coin picks the wording), or null when it passes the
 * browser's checks. Surrounding spaces are ignored (the form sends the address trimmed); an empty
 * address is the form's required rule, not a problem here.
 */
export function addressProblem(coin: Coin, network: Network, rawAddress: string): AddressProblem | null {
  const address = rawAddress.trim();
  if (address === '') return null;
  if (/\s/.test(address)) {
    return { message: `An address has no spaces in it. ${copyAgain}`, immediate: true };
  }
  const family = familyOf(address);
  if (family && family !== networkFamilies[network]) {
    return {
      message: `This looks like ${familyName(family, coin)}, but you chose ${networkShortNames[network]}. Check which network the receiving wallet uses.`,
      immediate: true,
    };
  }
  switch (networkFamilies[network]) {
    case 'bitcoin':
      return bitcoinProblem(address);
    case 'tron':
      return tronProblem(address);
    case 'evm':
      return evmProblem(address, network);
  }
}
