/*
 * Trend: on each pair, enter when the fast EMA of closes crosses above the slow one, with a position
 * of a fixed share of NAV; leave on a stop-loss, a take-profit, a trailing stop or a time limit,
 * whichever comes first, each judged on the candle's close.
 */
import { EMA } from 'trading-signals';
import { baseOf } from '../assets';
import type { Timeframe } from '../candles';
import { ConfigReader, type Validated } from '../config';
import { bpsDenominator, maxBig, mulDiv, pow10 } from '../money';
import type { Intent, IntentReason } from '../orders';
import type { QuietCandle, StrategyContext, StrategyLane, StrategyOutput } from './context';

export interface TrendConfig {
  readonly kind: 'trend';
  readonly timeframe: Timeframe;
  readonly pairs: readonly string[];
  /** Candles of the fast EMA. */
  readonly fastPeriod: number;
  /** Candles of the slow EMA; more than the fast one. */
  readonly slowPeriod: number;
  /** Size of an entry, percent of NAV. */
  readonly positionSizePct: number;
  readonly stopLossPct: number | null;
  readonly takeProfitPct: number | null;
  readonly trailingStopPct: number | null;
  /** Leave after holding this many candles. */
  readonly maxCandlesHeld: number | null;
}

/** A position the strategy is managing. */
export interface TrendHolding {
  /** The position's average cost per coin, fees included, price8. */
  readonly entryPrice8: bigint;
  /** The highest close since the entry, price8. */
  readonly peak8: bigint;
  readonly candlesHeld: number;
  /** A close at or below this is a stop-loss (price8); null without one. Worked out once, at the entry. */
  readonly stopLoss8: bigint | null;
  /** A close at or above this takes profit (price8); null without one. */
  readonly takeProfit8: bigint | null;
  /** A close at or below this trips the trailing stop (price8); moves up with the peak. */
  readonly trailingStop8: bigint | null;
}

export interface TrendPairState {
  /** The fast EMA after the last close; null before the first close. */
  readonly fastEma: number | null;
  /** The slow EMA after the last close; null before the first close. */
  readonly slowEma: number | null;
  /** Closes the EMAs have seen: they are warm once it reaches `slowPeriod`. */
  readonly closes: number;
  /** Whether the fast EMA was above the slow one at the last close; null while they warm up. */
  readonly fastAbove: boolean | null;
  readonly holding: TrendHolding | null;
}

export interface TrendState {
  readonly kind: 'trend';
  readonly pairs: Readonly<Record<string, TrendPairState>>;
}

/** Reads a trend configuration. */
export function validateTrend(input: Readonly<Record<string, unknown>>): Validated<TrendConfig> {
  const read = new ConfigReader(input);
  const timeframe = read.timeframe('timeframe');
  const pairs: string[] = [];
  const rawPairs = input.pairs;
  if (!Array.isArray(rawPairs) || rawPairs.length === 0) read.fail('pairs', 'Choose at least one pair');
  else {
    for (const value of rawPairs) {
      const pair = read.pair('pairs', value);
      if (pair === null) continue;
      if (pairs.some((other) => baseOf(other) === baseOf(pair)))
        read.fail('pairs', `${baseOf(pair)} appears more than once`);
      else pairs.push(pair);
    }
  }
  const fastPeriod = read.integer('fastPeriod', 'The fast EMA', 1, 1000);
  const slowPeriod = read.integer('slowPeriod', 'The slow EMA', 2, 1000);
  if (fastPeriod >= slowPeriod) read.fail('slowPeriod', 'The slow EMA must be longer than the fast one');
  const positionSizePct = read.percent('positionSizePct', 'The position size', { above: 0, atMost: 100 });
  const stopLossPct = read.optionalPercent('stopLossPct', 'A stop-loss', {
    above: 0,
    atMost: 100,
    belowMax: true,
  });
  const takeProfitPct = read.optionalPercent('takeProfitPct', 'A take-profit', { above: 0, atMost: 10_000 });
  const trailingStopPct = read.optionalPercent('trailingStopPct', 'A trailing stop', {
    above: 0,
    atMost: 100,
    belowMax: true,
  });
  const maxCandlesHeld = read.optionalInteger('maxCandlesHeld', 'The time limit', 1);
  return read.result({
    kind: 'trend',
    timeframe,
    pairs,
    fastPeriod,
    slowPeriod,
    positionSizePct,
    stopLossPct,
    takeProfitPct,
    trailingStopPct,
    maxCandlesHeld,
  });
}

export function initialTrendState(config: TrendConfig): TrendState {
  const pairs: Record<string, TrendPairState> = {};
  for (const pair of config.pairs)
    pairs[pair] = { fastEma: null, slowEma: null, closes: 0, fastAbove: null, holding: null };
  return { kind: 'trend', pairs };
}

/**
 * trading-signals' EMA, resumed from its plain-data value: the library keeps its running value in a
 * protected field, which this subclass sets, so a step can continue an EMA stored between steps and
 * compute exactly what an uninterrupted run computes.
 */
class ResumableEma extends EMA {
  /** Sets the running value (null: none yet) before the next close is added. */
  resume(value: number | null): this {
    if (value === null) this.result = undefined;
    else this.setResult(value, false);
    return this;
  }

  /** The running value (null: none yet), whether or not the EMA has seen its period of closes. */
  value(): number | null {
    return this.result ?? null;
  }

  /** Takes the last close back: the running value is the one before it again. */
  takeBack(): void {
    this.rollbackLastResult();
  }
}

/**
 * One indicator per period, reused as scratch: `resume` sets its whole running value before each
 * close, so nothing carries over from one call to the next and the result depends on the state alone.
 */
const scratch = new Map<number, ResumableEma>();

/** An EMA's value after one more close, from its value before (null: no close yet). */
function nextEma(period: number, value: number | null, close: number): number {
  let ema = scratch.get(period);
  if (ema === undefined) {
    ema = new ResumableEma(period);
    scratch.set(period, ema);
  }
  return ema.resume(value).add(close) ?? close;
}

/** price × (1 + bps ÷ 10,000), price8, rounded down. */
function movedBy(price8: bigint, bps: bigint): bigint {
  return mulDiv(price8, bpsDenominator + bps, bpsDenominator, 'floor');
}

const pct = (value: number): bigint => BigInt(Math.round(value * 100));
const centsToPrice8 = pow10(14);

/** The trailing stop below a peak, price8. */
function trailingStop(config: TrendConfig, peak8: bigint): bigint | null {
  return config.trailingStopPct === null ? null : movedBy(peak8, -pct(config.trailingStopPct));
}

/** Which exit, if any, a close calls for; checked in the order stop-loss, take-profit, trailing stop, time limit. */
function exitReason(config: TrendConfig, holding: TrendHolding, close: bigint): IntentReason | null {
  return exitReasonAt(
    config,
    holding.stopLoss8,
    holding.takeProfit8,
    holding.trailingStop8,
    holding.candlesHeld,
    close,
  );
}

/** `exitReason` on a holding's figures given one by one (the quiet lane keeps them apart). */
function exitReasonAt(
  config: TrendConfig,
  stopLoss8: bigint | null,
  takeProfit8: bigint | null,
  trailingStop8: bigint | null,
  candlesHeld: number,
  close: bigint,
): IntentReason | null {
  if (stopLoss8 !== null && close <= stopLoss8) return 'stop-loss';
  if (takeProfit8 !== null && close >= takeProfit8) return 'take-profit';
  if (trailingStop8 !== null && close <= trailingStop8) return 'trailing-stop';
  if (config.maxCandlesHeld !== null && candlesHeld >= config.maxCandlesHeld) return 'time-limit';
  return null;
}

/**
 * For each pair with a new candle: the EMAs take the close (as a float: indicators are statistics,
 * not money); a position that has appeared since the last close becomes a holding priced at its
 * average cost; a holding counts the candle and its peak, and exits when a rule says so; without a
 * holding, a cross of the fast EMA above the slow one (both warmed up over `slowPeriod` closes) buys
 * `positionSizePct` of NAV.
 */
export function runTrend(
  config: TrendConfig,
  state: TrendState,
  context: StrategyContext,
): StrategyOutput<TrendState> {
  const intents: Intent[] = [];
  const pairs: Record<string, TrendPairState> = { ...state.pairs };
  for (const pair of config.pairs) {
    const candle = context.candles[pair];
    const previous = state.pairs[pair];
    if (candle === undefined || previous === undefined) continue;
    const closeNumber = Number(candle.close) / 1e8;
    const fastEma = nextEma(config.fastPeriod, previous.fastEma, closeNumber);
    const slowEma = nextEma(config.slowPeriod, previous.slowEma, closeNumber);
    const closes = previous.closes + 1;
    const fastAbove = closes >= config.slowPeriod ? fastEma > slowEma : null;

    const position = context.fund.positions[baseOf(pair)];
    let holding = previous.holding;
    if (position === undefined || position.quantity === 0n) holding = null;
    else if (holding === null) {
      const entryPrice8 = mulDiv(position.costCents, centsToPrice8, position.quantity, 'floor');
      const peak8 = maxBig(candle.close, entryPrice8);
      holding = {
        entryPrice8,
        peak8,
        candlesHeld: 1,
        stopLoss8: config.stopLossPct === null ? null : movedBy(entryPrice8, -pct(config.stopLossPct)),
        takeProfit8: config.takeProfitPct === null ? null : movedBy(entryPrice8, pct(config.takeProfitPct)),
        trailingStop8: trailingStop(config, peak8),
      };
    } else {
      // The trailing stop only moves when a new peak is made, so most candles do no price arithmetic.
      const newPeak = candle.close > holding.peak8;
      holding = {
        entryPrice8: holding.entryPrice8,
        peak8: newPeak ? candle.close : holding.peak8,
        candlesHeld: holding.candlesHeld + 1,
        stopLoss8: holding.stopLoss8,
        takeProfit8: holding.takeProfit8,
        trailingStop8: newPeak ? trailingStop(config, candle.close) : holding.trailingStop8,
      };
    }

    if (holding !== null) {
      const reason = exitReason(config, holding, candle.close);
      if (reason !== null) intents.push({ pair, side: 'sell', size: { kind: 'close' }, reason });
    } else if (fastAbove === true && previous.fastAbove === false && context.navCents > 0n) {
      const cents = mulDiv(context.navCents, pct(config.positionSizePct), bpsDenominator, 'floor');
      intents.push({ pair, side: 'buy', size: { kind: 'usd', cents }, reason: 'entry' });
    }
    pairs[pair] = { fastEma, slowEma, closes, fastAbove, holding };
  }
  return { state: { kind: 'trend', pairs }, intents };
}

/** A holding's figures, changed in place across quiet candles. */
type LaneHolding = { -readonly [Field in keyof TrendHolding]: TrendHolding[Field] };

/** A pair's running EMA, resumed once from the state: across quiet candles it only takes closes. */
function runningEma(period: number, value: number | null): ResumableEma {
  return new ResumableEma(period).resume(value);
}

/**
 * A trend strategy across quiet candles: the EMAs take each close and a holding counts its candles
 * and moves its peak and trailing stop, exactly as `runTrend` does; it steps aside (changing nothing)
 * when a pair would exit or enter, or a position has appeared that is not yet a holding. Each pair
 * keeps its own running EMAs (an EMA that takes one close after another computes what resuming it
 * from its value before each close does), rolled back when the candle turns out not to be quiet.
 */
export class TrendLane implements StrategyLane<TrendState> {
  private readonly fast: ResumableEma[];
  private readonly slow: ResumableEma[];
  /** Per pair: the closes seen, and whether the fast EMA was above the slow one (−1: not yet known). */
  private readonly closes: Float64Array;
  private readonly above: Int8Array;
  private readonly holdings: (LaneHolding | null)[];
  /** The next figures of each pair, worked out for every pair before any is kept. */
  private readonly nextAbove: Int8Array;
  private readonly nextPeak: bigint[];
  private readonly nextTrailing: (bigint | null)[];

  constructor(
    private readonly config: TrendConfig,
    state: TrendState,
  ) {
    const count = config.pairs.length;
    this.fast = [];
    this.slow = [];
    this.closes = new Float64Array(count);
    this.above = new Int8Array(count);
    this.holdings = [];
    config.pairs.forEach((pair, i) => {
      const previous = state.pairs[pair];
      if (previous === undefined) throw new RangeError(`No trend state for ${pair}`);
      this.fast.push(runningEma(config.fastPeriod, previous.fastEma));
      this.slow.push(runningEma(config.slowPeriod, previous.slowEma));
      this.closes[i] = previous.closes;
      this.above[i] = previous.fastAbove === null ? -1 : previous.fastAbove ? 1 : 0;
      this.holdings.push(previous.holding === null ? null : { ...previous.holding });
    });
    this.nextAbove = new Int8Array(count);
    this.nextPeak = new Array<bigint>(count).fill(0n);
    this.nextTrailing = new Array<bigint | null>(count).fill(null);
  }

  advance(candle: QuietCandle): boolean {
    const { config, fast, slow } = this;
    const count = this.holdings.length;
    for (let i = 0; i < count; i++) {
      const fastEma = fast[i];
      const slowEma = slow[i];
      const close = candle.closes[i];
      if (fastEma === undefined || slowEma === undefined || close === undefined) return this.rollBack(i);
      // The close as `runTrend` reads it (Number(close) ÷ 10^8): the lane's closes are exact numbers.
      const closeNumber = (candle.closeNumbers[i] ?? Number.NaN) / 1e8;
      const fastValue = fastEma.add(closeNumber) ?? closeNumber;
      const slowValue = slowEma.add(closeNumber) ?? closeNumber;
      const above = (this.closes[i] ?? 0) + 1 >= config.slowPeriod ? (fastValue > slowValue ? 1 : 0) : -1;
      this.nextAbove[i] = above;
      const held = candle.held[i] === true;
      const holding = held ? (this.holdings[i] ?? null) : null;
      if (held && holding === null) return this.rollBack(i + 1);
      if (holding !== null) {
        const newPeak = close > holding.peak8;
        const trailingStop8 = newPeak ? trailingStop(config, close) : holding.trailingStop8;
        const reason = exitReasonAt(
          config,
          holding.stopLoss8,
          holding.takeProfit8,
          trailingStop8,
          holding.candlesHeld + 1,
          close,
        );
        if (reason !== null) return this.rollBack(i + 1);
        this.nextPeak[i] = newPeak ? close : holding.peak8;
        this.nextTrailing[i] = trailingStop8;
      } else if (above === 1 && this.above[i] === 0 && candle.navCents > 0) return this.rollBack(i + 1);
    }
    for (let i = 0; i < count; i++) {
      this.closes[i] = (this.closes[i] ?? 0) + 1;
      this.above[i] = this.nextAbove[i] ?? -1;
      const holding = this.holdings[i] ?? null;
      if (candle.held[i] !== true) this.holdings[i] = null;
      else if (holding !== null) {
        holding.peak8 = this.nextPeak[i] ?? holding.peak8;
        holding.candlesHeld += 1;
        holding.trailingStop8 = this.nextTrailing[i] ?? null;
      }
    }
    return true;
  }

  /** Takes the close back from the first `pairs` pairs' EMAs; false, for `advance` to return. */
  private rollBack(pairs: number): false {
    for (let i = 0; i < pairs; i++) {
      this.fast[i]?.takeBack();
      this.slow[i]?.takeBack();
    }
    return false;
  }

  state(): TrendState {
    const pairs: Record<string, TrendPairState> = {};
    this.config.pairs.forEach((pair, i) => {
      const above = this.above[i];
      const holding = this.holdings[i] ?? null;
      pairs[pair] = {
        fastEma: this.fast[i]?.value() ?? null,
        slowEma: this.slow[i]?.value() ?? null,
        closes: this.closes[i] ?? 0,
        fastAbove: above === -1 ? null : above === 1,
        holding: holding === null ? null : { ...holding },
      };
    });
    return { kind: 'trend', pairs };
  }
}
