// BIP-173 (bech32) and BIP-350 (bech32m) decoding, as the server's @scure/base checks it, written out
// here because the site has no hashing or encoding dependency: these checksums need none.

const charset = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const generators = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
const bech32Constant = 1;
const bech32mConstant = 0x2bc830a3;

function polymod(values: readonly number[]): number {
  let checksum = 1;
  for (const value of values) {
    const top = checksum >>> 25;
    checksum = ((checksum & 0x1ffffff) << 5) ^ value;
    generators.forEach((generator, bit) => {
      if ((top >>> bit) & 1) checksum ^= generator;
    });
  }
  return checksum >>> 0;
}

function expandPrefix(prefix: string): number[] {
  const codes = [...prefix].map((character) => character.charCodeAt(0));
  return [...codes.map((code) => code >> 5), 0, ...codes.map((code) => code & 31)];
}

/** 5-bit groups to bytes, refusing leftover bits that are not zero padding (BIP-173). */
function toBytes(words: readonly number[]): number[] | null {
  let accumulator = 0;
  let bits = 0;
  const bytes: number[] = [];
  for (const word of words) {
    accumulator = (accumulator << 5) | word;
    bits += 5;
    while (bits >= 8) {
      bits -= 8;
      bytes.push((accumulator >> bits) & 0xff);
    }
    accumulator &= (1 << bits) - 1;
  }
  if (bits >= 5 || accumulator !== 0) return null;
  return bytes;
}

export type SegwitAddress = { prefix: string; version: number; program: number[] };

/** A segwit address's parts, or null when its form or checksum is wrong. */
export function decodeSegwit(address: string): SegwitAddress | null {
  // One case throughout, at most 90 characters, a "1" before at least six data characters.
  if (address.length > 90 || (address !== address.toLowerCase() && address !== address.toUpperCase()))
    return null;
  const lower = address.toLowerCase();
  const separator = lower.lastIndexOf('1');
  if (separator < 1 || lower.length - separator - 1 < 6) return null;
  const prefix = lower.slice(0, separator);
  const words = [...lower.slice(separator + 1)].map((character) => charset.indexOf(character));
  if (words.some((word) => word < 0)) return null;
  const constant = polymod([...expandPrefix(prefix), ...words]);
  if (constant !== bech32Constant && constant !== bech32mConstant) return null;
  const [version, ...programWords] = words.slice(0, -6);
  if (version === undefined || version > 16) return null;
  // Version 0 uses bech32 and every later version bech32m, never the other way round.
  if ((version === 0) !== (constant === bech32Constant)) return null;
  const program = toBytes(programWords);
  if (!program || program.length < 2 || program.length > 40) return null;
  if (version === 0 && program.length !== 20 && program.length !== 32) return null;
  return { prefix, version, program };
}
