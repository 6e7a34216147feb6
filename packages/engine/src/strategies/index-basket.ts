/*
 * Index: hold fixed weights (given, or the top N coins by market capitalisation weighted by their
 * capitalisation) and rebalance to them every period, and sooner whenever one coin's share of NAV
 * drifts from its weight by more than a band of percentage points.
 */
import { baseOf } from '../assets';
import type { Timeframe } from '../candles';
import { asRecord, ConfigReader, type Validated } from '../config';
import { bpsDenominator, mulDiv, notionalCents } from '../money';
import type { Intent } from '../orders';
import type { QuietCandle, StrategyContext, StrategyLane, StrategyOutput } from './context';

export interface IndexConfig {
  readonly kind: 'index';
  readonly timeframe: Timeframe;
  /** Target share of NAV per pair, basis points adding up to 10,000. */
  readonly weights: Readonly<Record<string, number>>;
  /** Rebalance at least once every this many candles. */
  readonly rebalanceEveryCandles: number;
  /** Rebalance as soon as a share is further than this from its weight, percentage points. */
  readonly driftBandPct: number;
  /** Kept in cash so fees and slippage never leave a buy short, percent of NAV. */
  readonly cashReservePct: number;
}

export interface IndexState {
  readonly kind: 'index';
  /** Candles since the last rebalance; null before the first. */
  readonly candlesSinceRebalance: number | null;
}

/**
 * Weights of the `count` largest pairs by market capitalisation, proportional to it, in basis points
 * rounded down; what rounding leaves goes to the largest, so they add up to exactly 10,000. Equal
 * capitalisations are ordered by pair name, so the choice never depends on input order.
 */
export function topByMarketCap(
  marketCaps: Readonly<Record<string, number>>,
  count: number,
): Record<string, number> {
  const chosen = Object.entries(marketCaps)
    .sort(([a, capA], [b, capB]) => capB - capA || (a < b ? -1 : 1))
    .slice(0, count);
  const total = chosen.reduce((sum, [, cap]) => sum + cap, 0);
  const weights: Record<string, number> = {};
  let given = 0;
  for (const [pair, cap] of chosen) {
    const bps = Math.floor((cap / total) * 10_000);
    weights[pair] = bps;
    given += bps;
  }
  const largest = chosen[0];
  if (largest !== undefined) weights[largest[0]] = (weights[largest[0]] ?? 0) + 10_000 - given;
  return weights;
}

/** Reads an index configuration: either `weights` in percent or `topN` with `marketCaps` by pair. */
export function validateIndex(input: Readonly<Record<string, unknown>>): Validated<IndexConfig> {
  const read = new ConfigReader(input);
  const timeframe = read.timeframe('timeframe');
  let weights: Readonly<Record<string, number>> = {};
  if (input.weights !== undefined) weights = read.weights('weights');
  else if (input.topN !== undefined) {
    const count = read.integer('topN', 'The number of coins', 1, 20);
    const caps = asRecord(input.marketCaps);
    if (caps === null || Object.keys(caps).length === 0)
      read.fail('marketCaps', 'Give the market capitalisation of each pair');
    else {
      const valid: Record<string, number> = {};
      for (const [pair, cap] of Object.entries(caps)) {
        if (read.pair('marketCaps', pair) === null) continue;
        if (typeof cap !== 'number' || !Number.isFinite(cap) || cap <= 0) {
          read.fail('marketCaps', `The market capitalisation of ${pair} must be more than 0`);
          continue;
        }
        valid[pair] = cap;
      }
      weights = topByMarketCap(valid, count);
    }
  } else read.fail('weights', 'Give weights, or a number of coins to pick by market capitalisation');
  const rebalanceEveryCandles = read.integer('rebalanceEveryCandles', 'The rebalancing period', 1);
  const driftBandPct = read.percent('driftBandPct', 'The drift band', {
    above: 0,
    atMost: 100,
    belowMax: true,
  });
  const cashReservePct =
    input.cashReservePct === undefined
      ? 1
      : read.percent('cashReservePct', 'The cash reserve', { above: -0.01, atMost: 50 });
  return read.result({
    kind: 'index',
    timeframe,
    weights,
    rebalanceEveryCandles,
    driftBandPct,
    cashReservePct,
  });
}

interface Basket {
  readonly pairs: readonly string[];
  readonly coins: readonly string[];
  readonly weights: readonly bigint[];
  readonly bandBps: bigint;
  /** The weights and the band as numbers, for the drift check of quiet candles. */
  readonly weightNumbers: readonly number[];
  readonly bandNumber: number;
}

const baskets = new WeakMap<IndexConfig, Basket>();

/** The configuration's pairs in order with their coins and weights, worked out once (the index checks drift at every candle). */
function basketOf(config: IndexConfig): Basket {
  let basket = baskets.get(config);
  if (basket === undefined) {
    const pairs = Object.keys(config.weights).sort();
    basket = {
      pairs,
      coins: pairs.map(baseOf),
      weights: pairs.map((pair) => BigInt(config.weights[pair] ?? 0)),
      bandBps: BigInt(Math.round(config.driftBandPct * 100)),
      weightNumbers: pairs.map((pair) => config.weights[pair] ?? 0),
      bandNumber: Math.round(config.driftBandPct * 100),
    };
    baskets.set(config, basket);
  }
  return basket;
}

export function initialIndexState(): IndexState {
  return { kind: 'index', candlesSinceRebalance: null };
}

/**
 * At a rebalance each coin's target is NAV less the cash reserve, times its weight. Coins above their
 * target sell the excess, coins below buy the gap, and coins held outside the weights are sold; a
 * difference under 0.1% of NAV is left alone, so rebalancing does not churn on rounding.
 */
export function runIndex(
  config: IndexConfig,
  state: IndexState,
  context: StrategyContext,
): StrategyOutput<IndexState> {
  const { navCents, fund, prices } = context;
  const { pairs, coins, weights, bandBps } = basketOf(config);
  const values = new Map<string, bigint>();
  for (let i = 0; i < pairs.length; i++) {
    const coin = coins[i] ?? '';
    const mark = prices[coin];
    const held = fund.positions[coin]?.quantity ?? 0n;
    values.set(
      pairs[i] ?? '',
      mark === undefined || held === 0n ? 0n : notionalCents(held, mark.price8, 'floor'),
    );
  }
  let due =
    state.candlesSinceRebalance === null || state.candlesSinceRebalance + 1 >= config.rebalanceEveryCandles;
  if (!due && navCents > 0n) {
    // A share drifts out of its band when |value ÷ NAV − weight| > band, compared without dividing:
    // |value × 10,000 − weight × NAV| > band × NAV (all in basis points).
    const band = bandBps * navCents;
    for (let i = 0; i < pairs.length; i++) {
      const gap = (values.get(pairs[i] ?? '') ?? 0n) * bpsDenominator - (weights[i] ?? 0n) * navCents;
      if (gap > band || -gap > band) {
        due = true;
        break;
      }
    }
  }
  if (!due || navCents <= 0n) {
    const since = state.candlesSinceRebalance === null ? null : state.candlesSinceRebalance + 1;
    return { state: { kind: 'index', candlesSinceRebalance: since }, intents: [] };
  }
  const investable = mulDiv(
    navCents,
    bpsDenominator - BigInt(Math.round(config.cashReservePct * 100)),
    bpsDenominator,
    'floor',
  );
  const threshold = navCents / 1000n;
  const intents: Intent[] = [];
  const weighted = new Set(pairs.map(baseOf));
  for (const coin of Object.keys(fund.positions).sort()) {
    if (!weighted.has(coin))
      intents.push({ pair: `${coin}/USDT`, side: 'sell', size: { kind: 'close' }, reason: 'rebalance' });
  }
  for (const pair of pairs) {
    if (prices[baseOf(pair)] === undefined) continue;
    const target = mulDiv(investable, BigInt(config.weights[pair] ?? 0), bpsDenominator, 'floor');
    const gap = target - (values.get(pair) ?? 0n);
    if (gap > threshold)
      intents.push({ pair, side: 'buy', size: { kind: 'usd', cents: gap }, reason: 'rebalance' });
    else if (-gap > threshold)
      intents.push({ pair, side: 'sell', size: { kind: 'usd', cents: -gap }, reason: 'rebalance' });
  }
  return { state: { kind: 'index', candlesSinceRebalance: 0 }, intents };
}

/**
 * The drift rule of `runIndex` in exact integer numbers: whether a share is out of its band
 * (|value × 10,000 − weight × NAV| > band × NAV), or null when a product would leave the safe
 * integers and only bigints can tell.
 */
function driftedExact(basket: Basket, values: Float64Array, navCents: number): boolean | null {
  const band = basket.bandNumber * navCents;
  if (!Number.isSafeInteger(band)) return null;
  for (let i = 0; i < basket.pairs.length; i++) {
    const scaled = (values[i] ?? 0) * 10_000;
    const target = (basket.weightNumbers[i] ?? 0) * navCents;
    if (!Number.isSafeInteger(scaled) || !Number.isSafeInteger(target)) return null;
    const gap = scaled - target;
    if (gap > band || -gap > band) return true;
  }
  return false;
}

/** An index across quiet candles: it counts them, and steps aside when a rebalance is due or a share drifts. */
export class IndexLane implements StrategyLane<IndexState> {
  private candlesSinceRebalance: number | null;
  private readonly basket: Basket;

  constructor(
    private readonly config: IndexConfig,
    state: IndexState,
  ) {
    this.candlesSinceRebalance = state.candlesSinceRebalance;
    this.basket = basketOf(config);
  }

  advance(candle: QuietCandle): boolean {
    const since = this.candlesSinceRebalance;
    if (since === null || since + 1 >= this.config.rebalanceEveryCandles) return false;
    if (!(candle.navCents > 0)) return false;
    if (driftedExact(this.basket, candle.values, candle.navCents) !== false) return false;
    this.candlesSinceRebalance = since + 1;
    return true;
  }

  state(): IndexState {
    return { kind: 'index', candlesSinceRebalance: this.candlesSinceRebalance };
  }
}
