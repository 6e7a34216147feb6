/*
 * Recurring buy: a fixed amount of US dollars spent on a basket (for example 60% BTC, 40% ETH) on a
 * schedule, either every N candles or once per interval of time aligned to the epoch (UTC), so a
 * missed candle does not shift the schedule.
 */

import type { Timeframe } from '../candles';
import { asRecord, ConfigReader, type Validated } from '../config';
import { bpsDenominator, mulDiv } from '../money';
import type { Intent } from '../orders';
import type { QuietCandle, StrategyContext, StrategyLane, StrategyOutput } from './context';

/** When a recurring buy buys. */
export type BuySchedule = { readonly everyCandles: number } | { readonly intervalMs: number };

export interface RecurringBuyConfig {
  readonly kind: 'recurring-buy';
  readonly timeframe: Timeframe;
  /** Spent at each buy, cents. */
  readonly amountCents: bigint;
  /** Share of the amount per pair, basis points, adding up to 10,000. */
  readonly weights: Readonly<Record<string, number>>;
  readonly schedule: BuySchedule;
}

export interface RecurringBuyState {
  readonly kind: 'recurring-buy';
  /** Candles seen so far. */
  readonly candlesSeen: number;
  /** The schedule period of the last buy (close time ÷ interval), for interval schedules. */
  readonly lastBuyPeriod: number | null;
}

/** Reads a recurring buy's configuration; weights are given in percent and kept in basis points. */
export function validateRecurringBuy(
  input: Readonly<Record<string, unknown>>,
): Validated<RecurringBuyConfig> {
  const read = new ConfigReader(input);
  const timeframe = read.timeframe('timeframe');
  const amountCents = read.cents('amountCents', 'The amount', 1n);
  const weights = read.weights('weights');
  const schedule = asRecord(read.raw('schedule'));
  let parsed: BuySchedule = { everyCandles: 1 };
  if (schedule === null) read.fail('schedule', 'Choose every how many candles or how often to buy');
  else {
    const every = new ConfigReader(schedule, 'schedule.');
    if (schedule.everyCandles !== undefined)
      parsed = { everyCandles: every.integer('everyCandles', 'The number of candles', 1) };
    else if (schedule.intervalMs !== undefined)
      parsed = { intervalMs: every.integer('intervalMs', 'The interval', 60_000) };
    else every.fail('everyCandles', 'Choose every how many candles or how often to buy');
    read.errors.push(...every.errors);
  }
  return read.result({ kind: 'recurring-buy', timeframe, amountCents, weights, schedule: parsed });
}

export function initialRecurringBuyState(): RecurringBuyState {
  return { kind: 'recurring-buy', candlesSeen: 0, lastBuyPeriod: null };
}

/** The schedule period of a candle opening at `time`: its close time ÷ the interval, aligned to the epoch. */
function buyPeriod(schedule: { readonly intervalMs: number }, time: number, intervalMs: number): number {
  return Math.floor((time + intervalMs) / schedule.intervalMs);
}

/**
 * Whether the candle opening at `time` is a buying one: every N candles counted from the first, or
 * the first candle of each new interval of time (so the first candle the fund sees always buys).
 */
function isBuyDue(
  config: RecurringBuyConfig,
  candlesSeen: number,
  lastBuyPeriod: number | null,
  time: number,
  intervalMs: number,
): boolean {
  if ('everyCandles' in config.schedule) return candlesSeen % config.schedule.everyCandles === 0;
  return buyPeriod(config.schedule, time, intervalMs) !== lastBuyPeriod;
}

/**
 * On each scheduled candle, one buy per pair of amount × weight (rounded down to the cent; the
 * remainder stays in cash). The first candle the fund sees is always a buying one.
 */
export function runRecurringBuy(
  config: RecurringBuyConfig,
  state: RecurringBuyState,
  context: StrategyContext,
  intervalMs: number,
): StrategyOutput<RecurringBuyState> {
  const due = isBuyDue(config, state.candlesSeen, state.lastBuyPeriod, context.time, intervalMs);
  const lastBuyPeriod =
    due && 'intervalMs' in config.schedule
      ? buyPeriod(config.schedule, context.time, intervalMs)
      : state.lastBuyPeriod;
  const next: RecurringBuyState = {
    kind: 'recurring-buy',
    candlesSeen: state.candlesSeen + 1,
    lastBuyPeriod,
  };
  if (!due) return { state: next, intents: [] };
  const intents: Intent[] = [];
  for (const pair of Object.keys(config.weights).sort()) {
    const cents = mulDiv(config.amountCents, BigInt(config.weights[pair] ?? 0), bpsDenominator, 'floor');
    if (cents > 0n) intents.push({ pair, side: 'buy', size: { kind: 'usd', cents }, reason: 'schedule' });
  }
  return { state: next, intents };
}

/** A recurring buy across quiet candles: it only counts them, and steps aside on a buying one. */
export class RecurringBuyLane implements StrategyLane<RecurringBuyState> {
  private candlesSeen: number;
  private readonly lastBuyPeriod: number | null;

  constructor(
    private readonly config: RecurringBuyConfig,
    state: RecurringBuyState,
    private readonly intervalMs: number,
  ) {
    this.candlesSeen = state.candlesSeen;
    this.lastBuyPeriod = state.lastBuyPeriod;
  }

  advance(candle: QuietCandle): boolean {
    if (isBuyDue(this.config, this.candlesSeen, this.lastBuyPeriod, candle.time, this.intervalMs))
      return false;
    this.candlesSeen += 1;
    return true;
  }

  state(): RecurringBuyState {
    return { kind: 'recurring-buy', candlesSeen: this.candlesSeen, lastBuyPeriod: this.lastBuyPeriod };
  }
}
