/*
 * The assets a fund holds and the pairs it trades. A pair is `BASE/QUOTE` (`'BTC/USDT'`); the quote is
 * US dollars or USDT, and USDT is valued at exactly one US dollar: the fund's cash is US dollars, and
 * a price quoted in USDT is read as a price in dollars.
 */
import { quantityScale, unitScale, usdScale } from './money';

/** One asset of the catalogue and the number of decimals of its minor unit. */
export interface AssetInfo {
  readonly code: string;
  readonly scale: number;
  readonly kind: 'cash' | 'coin' | 'units';
}

/** The fund's cash asset. */
export const cashAsset = 'USD';
/** The asset code of a fund's units in ledger movements. */
export const unitsAsset = 'UNITS';

/** Every asset the engine knows: US dollars (cents), coins (scale 8) and fund units (scale 6). */
export const assetCatalogue: Readonly<Record<string, AssetInfo>> = {
  USD: { code: 'USD', scale: usdScale, kind: 'cash' },
  BTC: { code: 'BTC', scale: quantityScale, kind: 'coin' },
  ETH: { code: 'ETH', scale: quantityScale, kind: 'coin' },
  SOL: { code: 'SOL', scale: quantityScale, kind: 'coin' },
  XRP: { code: 'XRP', scale: quantityScale, kind: 'coin' },
  ADA: { code: 'ADA', scale: quantityScale, kind: 'coin' },
  DOGE: { code: 'DOGE', scale: quantityScale, kind: 'coin' },
  LTC: { code: 'LTC', scale: quantityScale, kind: 'coin' },
  DOT: { code: 'DOT', scale: quantityScale, kind: 'coin' },
  AVAX: { code: 'AVAX', scale: quantityScale, kind: 'coin' },
  LINK: { code: 'LINK', scale: quantityScale, kind: 'coin' },
  UNITS: { code: 'UNITS', scale: unitScale, kind: 'units' },
};

/** The quotes a pair may have; both are valued as US dollars at 1:1. */
export const dollarQuotes: readonly string[] = ['USD', 'USDT'];

const pairPattern = /^([A-Z0-9]+)\/([A-Z0-9]+)$/;

const basesOfPairs = new Map<string, string | null>();

/** The coin a pair trades (`'BTC/USDT'` → `'BTC'`), or null when the text is not a known pair. */
export function pairBase(pair: string): string | null {
  // Steps ask at every candle: each pair's text is read once.
  const known = basesOfPairs.get(pair);
  if (known !== undefined) return known;
  const base = readPairBase(pair);
  if (basesOfPairs.size < 10_000) basesOfPairs.set(pair, base);
  return base;
}

function readPairBase(pair: string): string | null {
  const match = pairPattern.exec(pair);
  if (!match) return null;
  const [, base = '', quote = ''] = match;
  if (!dollarQuotes.includes(quote)) return null;
  const info = assetCatalogue[base];
  return info?.kind === 'coin' ? base : null;
}

/** The coin a pair trades; throws on a pair the engine does not know (configs are validated first). */
export function baseOf(pair: string): string {
  const base = pairBase(pair);
  if (base === null) throw new RangeError(`Unknown pair "${pair}"`);
  return base;
}
