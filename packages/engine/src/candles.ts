/*
 * Candles, timeframes and a seeded candle generator for tests and benchmarks. A candle's prices are
 * price8 (US dollars per whole coin, eight decimals); its time is when it opens, in ms since the epoch.
 */

/** One closed candle of one pair. */
export interface Candle {
  /** When the candle opens, ms since the epoch (UTC). */
  readonly time: number;
  readonly open: bigint;
  readonly high: bigint;
  readonly low: bigint;
  readonly close: bigint;
  /** Traded quantity of the base coin, scale 8. */
  readonly volume: bigint;
}

const minute = 60_000;

/** The candle lengths a fund may trade on, in ms. */
export const timeframes = {
  '1m': minute,
  '5m': 5 * minute,
  '15m': 15 * minute,
  '1h': 60 * minute,
  '4h': 240 * minute,
  '1d': 1440 * minute,
} as const;

/** A candle length a fund may trade on. */
export type Timeframe = keyof typeof timeframes;

/** Whether `value` names a timeframe. */
export function isTimeframe(value: unknown): value is Timeframe {
  return typeof value === 'string' && Object.hasOwn(timeframes, value);
}

/** One day in ms; the engine's days are UTC days. */
export const dayMs = 86_400_000;

/** The start of the UTC day holding `time`. */
export function utcDayStart(time: number): number {
  return Math.floor(time / dayMs) * dayMs;
}

/**
 * mulberry32: a 32-bit seeded pseudo-random generator. It uses only integer operations, so the same
 * seed gives the same sequence on every JavaScript engine.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What `generateCandles` draws. */
export interface CandleSeriesOptions {
  readonly seed: number;
  /** The first candle's open time, ms. */
  readonly start: number;
  readonly intervalMs: number;
  readonly count: number;
  /** The first open, price8. */
  readonly startPrice: bigint;
  /** Mean return per candle (0.00001 is 0.001%). @default 0 */
  readonly drift?: number;
  /** Standard deviation of the return per candle (0.001 is 0.1%). @default 0.001 */
  readonly volatility?: number;
}

/** √3: scales a sum of four uniforms (variance 1/3) to unit variance. */
const sqrt3 = 1.7320508075688772;

/**
 * A geometric random walk of candles: each close is the previous close times (1 + drift + volatility
 * × z), where z is approximately standard normal (the centred sum of four uniforms). Only addition
 * and multiplication of doubles are used (no exp, log or cos, whose last bits vary between engines),
 * so a seed gives the same candles everywhere. Each candle opens at the previous close.
 */
export function generateCandles(options: CandleSeriesOptions): Candle[] {
  const { seed, start, intervalMs, count, startPrice } = options;
  const drift = options.drift ?? 0;
  const volatility = options.volatility ?? 0.001;
  const random = mulberry32(seed);
  const candles: Candle[] = new Array(count);
  let price = Number(startPrice) / 1e8;
  let open = startPrice;
  for (let i = 0; i < count; i++) {
    const z = (random() + random() + random() + random() - 2) * sqrt3;
    // A floor of one hundredth of a cent keeps a long walk from reaching zero.
    price = Math.max(price * (1 + drift + volatility * z), 0.0001);
    const close = BigInt(Math.round(price * 1e8));
    const wickUp = 1 + random() * volatility;
    const wickDown = 1 - random() * volatility;
    const top = open > close ? open : close;
    const bottom = open < close ? open : close;
    const high = BigInt(Math.round(Number(top) * wickUp));
    const low = BigInt(Math.round(Number(bottom) * wickDown));
    const volume = BigInt(Math.round(random() * 1e9));
    candles[i] = {
      time: start + i * intervalMs,
      open,
      high: high < top ? top : high,
      low: low > bottom ? bottom : low < 1n ? 1n : low,
      close,
      volume,
    };
    open = close;
  }
  return candles;
}
