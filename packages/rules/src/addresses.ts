import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bech32, bech32m, createBase58check } from '@scure/base';
import { type CoinType, coinNetworks, type Network } from './coins';

/*
 * Crypto address checks, offline, as the site and the server both apply them: the encoding and
 * checksum of each network's addresses, so a typo or a pasted address of another network is refused
 * before anyone sends money to it. Nothing here asks a node whether an address exists or is in use.
 */

/** What is wrong with an address: its form or checksum, only the case of its letters, or its chain. */
export type AddressFlaw = 'invalid' | 'checksum-case' | 'testnet';

const networkNames: Record<Network, string> = {
  BTC: 'Bitcoin',
  ETH: 'Ethereum',
  'usdt-trc20': 'USDT (TRC-20)',
  'usdt-bsc': 'USDT (BEP-20)',
  'usdt-erc20': 'USDT (ERC-20)',
};

const coinNames: Record<CoinType, string> = {
  bitcoin: 'Bitcoin',
  ethereum: 'Ethereum',
  usdt: 'USDT (TRC-20, BEP-20 or ERC-20)',
};

function message(flaw: AddressFlaw, name: string): string {
  switch (flaw) {
    case 'invalid':
      return `address is not a valid ${name} address`;
    case 'checksum-case':
      return `address is not a valid ${name} address (check its capital letters)`;
    case 'testnet':
      return `address is a testnet address, not a valid ${name} address`;
  }
}

// Built once, when first used: a module that only reads segwit addresses never needs SHA-256.
let base58check: ReturnType<typeof createBase58check> | undefined;

/** The payload of a base58check string (version byte first), or null when it does not decode. */
function base58checkPayload(address: string): Uint8Array | null {
  // 25 bytes take at most 35 characters; base58 decoding is quadratic, so longer input stops here.
  if (address.length > 35) return null;
  base58check ??= createBase58check(sha256);
  try {
    return base58check.decode(address);
  } catch {
    return null;
  }
}

// Version bytes of base58check addresses: Bitcoin P2PKH and P2SH, their testnet forms, and Tron.
const bitcoinVersions = new Set([0x00, 0x05]);
const bitcoinTestnetVersions = new Set([0x6f, 0xc4]);
const tronVersion = 0x41;

/**
 * A Bitcoin segwit address (`bc1…`; `tb1…` and `bcrt1…` are test networks'): null when it is a
 * mainnet one, else its flaw. One case throughout, at most 90 characters; witness version 0 is
 * checksummed with bech32 and has a 20- or 32-byte program, versions 1 to 16 with bech32m and a
 * program of 2 to 40 bytes.
 */
export function segwitAddressFlaw(address: string): AddressFlaw | null {
  // Mixed case, a bad checksum or more than 90 characters: both decoders refuse them.
  const asBech32 = bech32.decodeUnsafe(address);
  const decoded = asBech32 ?? bech32m.decodeUnsafe(address);
  if (!decoded) return 'invalid';
  const [version, ...programWords] = decoded.words;
  if (version === undefined || version > 16) return 'invalid';
  // Version 0 is checksummed with bech32 and every later version with bech32m, never the other way.
  if ((version === 0) !== Boolean(asBech32)) return 'invalid';
  const program = bech32.fromWordsUnsafe(programWords);
  if (!program || program.length < 2 || program.length > 40) return 'invalid';
  if (version === 0 && program.length !== 20 && program.length !== 32) return 'invalid';
  if (decoded.prefix === 'bc') return null;
  return decoded.prefix === 'tb' || decoded.prefix === 'bcrt' ? 'testnet' : 'invalid';
}

function bitcoinFlaw(address: string): AddressFlaw | null {
  if (/^(bc|tb|bcrt)1/i.test(address)) return segwitAddressFlaw(address);
  const payload = base58checkPayload(address);
  if (payload?.length !== 21) return 'invalid';
  const version = payload[0] ?? -1;
  if (bitcoinVersions.has(version)) return null;
  return bitcoinTestnetVersions.has(version) ? 'testnet' : 'invalid';
}

function tronFlaw(address: string): AddressFlaw | null {
  if (!address.startsWith('T')) return 'invalid';
  const payload = base58checkPayload(address);
  return payload && payload.length === 21 && payload[0] === tronVersion ? null : 'invalid';
}

/** The networks whose addresses are Ethereum's: `0x` and 40 hex digits, checksummed by the case of their letters. */
const evmNetworks: ReadonlySet<Network> = new Set(['ETH', 'usdt-bsc', 'usdt-erc20']);

/** Whether the network's addresses are Ethereum's (Ethereum itself, BNB Smart Chain). */
export function isEvmNetwork(network: Network): boolean {
  return evmNetworks.has(network);
}

const evmPattern = /^0x[0-9a-fA-F]{40}$/;

/**
 * Ethereum and the chains that copy its addresses (BNB Smart Chain): `0x` and 40 hex digits. One
 * case throughout carries no checksum; mixed case is a checksum, and must match it.
 */
function evmFlaw(address: string): AddressFlaw | null {
  if (!evmPattern.test(address)) return 'invalid';
  const digits = address.slice(2);
  if (digits === digits.toLowerCase() || digits === digits.toUpperCase()) return null;
  return address === checksummedEvmAddress(address) ? null : 'checksum-case';
}

/**
 * An Ethereum-style address in its checksummed (EIP-55) form, whatever the case it was typed in:
 * a hex letter is upper case where the keccak-256 of the lower-case hex digits has a nibble of 8 or
 * more at its place, lower case elsewhere. Null when it is not `0x` and 40 hex digits. The same
 * address either way: only the case of its letters changes, which is how a typo is caught.
 */
export function checksummedEvmAddress(address: string): string | null {
  if (!evmPattern.test(address)) return null;
  const lowerHex = address.slice(2).toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(lowerHex));
  let checksummed = '0x';
  for (let index = 0; index < lowerHex.length; index++) {
    const byte = hash[index >> 1] ?? 0;
    const nibble = index % 2 === 0 ? byte >> 4 : byte & 0x0f;
    const digit = lowerHex.charAt(index);
    checksummed += nibble >= 8 ? digit.toUpperCase() : digit;
  }
  return checksummed;
}

function networkFlaw(network: Network, address: string): AddressFlaw | null {
  switch (network) {
    case 'BTC':
      return bitcoinFlaw(address);
    case 'usdt-trc20':
      return tronFlaw(address);
    case 'ETH':
    case 'usdt-bsc':
    case 'usdt-erc20':
      return evmFlaw(address);
  }
}

/**
 * Null when the address is one that network can be paid at; else why not, for the person who typed
 * it. Nothing is trimmed: an address with a space in it is not an address.
 */
export function addressProblem(network: Network, address: string): string | null {
  const flaw = networkFlaw(network, address);
  return flaw ? message(flaw, networkNames[network]) : null;
}

/** Null when the address is valid for the coin (for usdt, on any of its networks); else why not. */
export function walletAddressProblem(type: CoinType, address: string): string | null {
  const flaws = coinNetworks[type].map((network) => networkFlaw(network, address));
  if (flaws.includes(null)) return null;
  // The most telling flaw: a wrong capital letter or a testnet address says more than "not valid".
  const flaw = flaws.find((candidate) => candidate !== 'invalid') ?? 'invalid';
  return message(flaw, coinNames[type]);
}
