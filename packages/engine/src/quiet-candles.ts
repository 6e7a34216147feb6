/*
 * Quiet candles: most candles of a backtest change nothing but the figures. No order is open, no
 * request waits, it is not the first valuation of a UTC day (no fee is paid, the daily loss
 * reference stays), no fund-wide rule trips, and the strategy wants no trade. On such a candle the
 * step would only move the last prices, accrue the management fee, strike the NAV, raise the
 * high-water mark and advance the strategy's state.
 *
 * `QuietLane` does exactly that on numbers that are exact integers, with nothing allocated per
 * candle, and says "not quiet" (changing nothing) the moment any of it is not so or any figure would
 * leave the safe integers. The backtest then runs the one `step` on the state the lane hands back, so
 * every decision (orders, fills, risk events, fees) is still the step's own, and the results are the
 * same as a run of `step` on every candle, which a test proves.
 */
import { baseOf } from './assets';
import { type Candle, timeframes, utcDayStart } from './candles';
import { type FundState, navPerUnit } from './fund';
import {
  floorDivideExact,
  notionalFloorExact,
  pow10,
  priceScale,
  safeIntegerOf,
  unitScale,
  usdScale,
} from './money';
import { fallenThreshold, limitBps } from './risk';
import type { EngineState, FundConfig } from './step';
import type { QuietCandle, StrategyLane } from './strategies/context';
import { IndexLane } from './strategies/index-basket';
import { RecurringBuyLane } from './strategies/recurring-buy';
import { TrendLane } from './strategies/trend';
import type { StrategyState } from './strategy';

/** Cents × this is price8 × units-scale: NAV per unit = NAV × this ÷ units. */
const navPerUnitFactor = pow10(priceScale - usdScale + unitScale);
/** The management fee's denominator: 10,000 bps × one year of 365 days in ms. */
const feeDenominator = 10_000 * 365 * 86_400_000;

/**
 * The smallest NAV (cents) whose NAV per unit is above `navPerUnit8`: floor(NAV × 10^12 ÷ units) >
 * x exactly when NAV ≥ ceil((x + 1) × units ÷ 10^12). Beyond the safe integers: never reached.
 */
function navAbove(navPerUnit8: bigint, units: bigint): number {
  const nav = ((navPerUnit8 + 1n) * units + navPerUnitFactor - 1n) / navPerUnitFactor;
  const number = Number(nav);
  return Number.isSafeInteger(number) ? number : Number.POSITIVE_INFINITY;
}

/** Whether this machine stores the low 32-bit word of a 64-bit integer first. */
const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * Writes a non-negative safe integer into slot `index` of a BigInt64Array through a 32-bit view of
 * its buffer: the same 64-bit value `BigInt(value)` would store, without making a bigint per candle.
 */
export function writeSafeInteger(words: Uint32Array, index: number, value: number): void {
  const low = value >>> 0;
  const high = (value - low) / 4_294_967_296;
  words[2 * index + (littleEndian ? 0 : 1)] = low;
  words[2 * index + (littleEndian ? 1 : 0)] = high;
}

function strategyLane(config: FundConfig, state: StrategyState): StrategyLane<StrategyState> | null {
  const strategy = config.strategy;
  if (strategy.kind === 'recurring-buy' && state.kind === 'recurring-buy') {
    return new RecurringBuyLane(strategy, state, intervalOf(config));
  }
  if (strategy.kind === 'index' && state.kind === 'index') return new IndexLane(strategy, state);
  if (strategy.kind === 'trend' && state.kind === 'trend') return new TrendLane(strategy, state);
  return null;
}

function intervalOf(config: FundConfig): number {
  return timeframes[config.strategy.timeframe];
}

/** A fund's figures across quiet candles, from one state handed over by a step to the next. */
export class QuietLane {
  private readonly coins: string[];
  private readonly intervalMs: number;
  private readonly candle: QuietCandle;
  private readonly quantities: Float64Array;

  /** The state the lane started from; null while the lane cannot run (the step runs every candle). */
  private base: EngineState | null = null;
  private strategy: StrategyLane<StrategyState> | null = null;
  private moved = false;
  private cashCents = 0;
  private accruedFeesCents = 0;
  private feeRemainder = 0;
  private lastValuationTime = 0;
  private valuationDay = 0;
  private highWater8 = 0n;
  private units = 0n;
  private cooldownCandlesLeft = 0;
  /** The NAV from which NAV per unit is above the high-water mark. */
  private newHighFrom = Number.POSITIVE_INFINITY;
  /** Whether the drawdown breaker can trip (it is set and the fund is not paused). */
  private drawdownArmed = false;
  /** The NAV at or below which the drawdown breaker trips (−1: never). */
  private drawdownAt = -1;
  /** The NAV at or below which the daily loss limit trips (−1: off or already hit today). */
  private dailyLossAt = -1;
  /** The last candle of each pair the lane has taken. */
  private readonly lastCandles: (Candle | undefined)[];
  /** NAV at the last quiet close, cents. */
  navCents = 0;

  constructor(
    private readonly config: FundConfig,
    pairs: readonly string[],
  ) {
    this.coins = pairs.map(baseOf);
    this.intervalMs = intervalOf(config);
    const count = pairs.length;
    this.candle = {
      time: 0,
      closes: new Array<bigint>(count).fill(0n),
      closeNumbers: new Float64Array(count),
      values: new Float64Array(count),
      held: new Array<boolean>(count).fill(false),
      navCents: 0,
    };
    this.quantities = new Float64Array(count);
    this.lastCandles = new Array<Candle | undefined>(count).fill(undefined);
  }

  /** Starts from the state a step left; the lane stays off when that state is not one it can carry. */
  load(state: EngineState): void {
    this.base = null;
    this.moved = false;
    const { fund, risk } = state;
    if (state.openOrders.length > 0) return;
    if (fund.pendingInvestments.length > 0 || fund.pendingRedemptions.length > 0) return;
    if (fund.lastValuationTime === null || risk.dayStart === null || fund.unitsOutstanding <= 0n) return;
    if (!this.loadPositions(fund)) return;
    const strategy = strategyLane(this.config, state.strategy);
    if (strategy === null) return;
    this.cashCents = safeIntegerOf(fund.cashCents);
    this.accruedFeesCents = safeIntegerOf(fund.accruedFeesCents);
    this.feeRemainder = safeIntegerOf(fund.feeRemainder);
    if (Number.isNaN(this.cashCents + this.accruedFeesCents + this.feeRemainder)) return;
    this.lastValuationTime = fund.lastValuationTime;
    this.valuationDay = utcDayStart(fund.lastValuationTime);
    if (risk.dayStart !== this.valuationDay) return;
    this.units = fund.unitsOutstanding;
    this.cooldownCandlesLeft = risk.cooldownCandlesLeft;
    const limits = this.config.risk;
    this.dailyLossAt =
      limits.dailyLossLimitPct === null || risk.dailyLossHit
        ? -1
        : navAbove(fallenThreshold(risk.dayStartNavPerUnit8, limitBps(limits).dailyLoss), this.units) - 1;
    this.drawdownArmed = this.config.risk.maxDrawdownPct !== null && risk.paused === null;
    this.setHighWater(fund.highWaterNavPerUnit8);
    this.lastCandles.fill(undefined);
    this.strategy = strategy;
    this.base = state;
  }

  private loadPositions(fund: FundState): boolean {
    let known = 0;
    for (let i = 0; i < this.coins.length; i++) {
      const position = fund.positions[this.coins[i] ?? ''];
      const quantity = position === undefined ? 0 : safeIntegerOf(position.quantity);
      if (Number.isNaN(quantity) || quantity < 0) return false;
      this.quantities[i] = quantity;
      this.candle.held[i] = quantity > 0;
      if (position !== undefined) known++;
    }
    // A coin held outside the strategy's pairs is valued by the step alone.
    return known === Object.keys(fund.positions).length;
  }

  private setHighWater(highWater8: bigint): void {
    this.highWater8 = highWater8;
    this.newHighFrom = navAbove(highWater8, this.units);
    this.drawdownAt = this.drawdownAtFor(highWater8);
  }

  private drawdownAtFor(highWater8: bigint): number {
    if (!this.drawdownArmed) return -1;
    return navAbove(fallenThreshold(highWater8, limitBps(this.config.risk).drawdown), this.units) - 1;
  }

  /**
   * Takes the candles at `index` (one per pair, all opening at the same time) when they are quiet,
   * and returns true; otherwise returns false and changes nothing. (The index, a small integer, is
   * passed rather than the time: a time in ms is no small integer and would be boxed per call.)
   */
  advance(series: readonly (readonly Candle[])[], index: number): boolean {
    const base = this.base;
    const strategy = this.strategy;
    if (base === null || strategy === null) return false;
    const time = series[0]?.[index]?.time;
    if (time === undefined) return false;
    const closeTime = time + this.intervalMs;
    // The first valuation of a UTC day pays fees and resets the daily loss reference: a full step.
    if (utcDayStart(closeTime) !== this.valuationDay) return false;
    const { candle, quantities } = this;
    let positionsCents = 0;
    for (let i = 0; i < quantities.length; i++) {
      const close = series[i]?.[index]?.close;
      if (close === undefined) return false;
      const closeNumber = safeIntegerOf(close);
      if (!(closeNumber > 0)) return false;
      candle.closes[i] = close;
      candle.closeNumbers[i] = closeNumber;
      const quantity = quantities[i] ?? 0;
      const value = quantity > 0 ? notionalFloorExact(quantity, closeNumber) : 0;
      candle.values[i] = value;
      positionsCents += value;
    }
    // The management fee for the time since the last valuation, the part under a cent carried.
    let accrued = this.accruedFeesCents;
    let remainder = this.feeRemainder;
    const bps = this.config.managementFeeBps;
    if (closeTime > this.lastValuationTime && bps > 0) {
      const gross = positionsCents + this.cashCents - accrued;
      const numerator = Math.max(gross, 0) * (bps * (closeTime - this.lastValuationTime)) + remainder;
      const fee = floorDivideExact(numerator, feeDenominator);
      accrued += fee;
      remainder = numerator - fee * feeDenominator;
    }
    const gross = positionsCents + this.cashCents - accrued;
    // NaN (a figure beyond exact numbers) fails these too: the step works it out in bigints.
    if (!Number.isSafeInteger(gross) || !Number.isSafeInteger(accrued)) return false;
    const navCents = Math.max(gross, 0);
    // The fund-wide rules: a new high moves the mark; a trip of the daily loss limit or the drawdown
    // breaker is an event, so a full step.
    const newHigh = navCents >= this.newHighFrom;
    const highWater8 = newHigh ? navPerUnit(BigInt(navCents), this.units) : this.highWater8;
    if (navCents <= this.dailyLossAt) return false;
    if (navCents <= (newHigh ? this.drawdownAtFor(highWater8) : this.drawdownAt)) return false;
    candle.time = time;
    candle.navCents = navCents;
    if (!strategy.advance(candle)) return false;

    this.moved = true;
    this.accruedFeesCents = accrued;
    this.feeRemainder = remainder;
    this.lastValuationTime = closeTime;
    if (this.cooldownCandlesLeft > 0) this.cooldownCandlesLeft -= 1;
    if (newHigh) this.setHighWater(highWater8);
    for (let i = 0; i < this.lastCandles.length; i++) this.lastCandles[i] = series[i]?.[index];
    this.navCents = navCents;
    return true;
  }

  /**
   * Takes the quiet candles from `from` on (up to `to`), while every pair's candle opens at the same
   * time and each close falls in the UTC day `closeDay` (a backtest marks each day's last NAV
   * itself); for each, its close time goes into `times` and its NAV into `navWords`, the 32-bit
   * words of a BigInt64Array. Returns the index of the first candle not taken. One tight loop, so
   * the run of quiet candles stays in optimised code.
   */
  takeQuiet(
    series: readonly (readonly Candle[])[],
    from: number,
    to: number,
    closeDay: number,
    times: Float64Array,
    navWords: Uint32Array,
  ): number {
    let index = from;
    for (; index < to; index++) {
      const time = series[0]?.[index]?.time;
      if (time === undefined) break;
      let aligned = true;
      for (let p = 1; p < series.length; p++) if (series[p]?.[index]?.time !== time) aligned = false;
      const closeTime = time + this.intervalMs;
      if (!aligned || utcDayStart(closeTime - 1) !== closeDay || !this.advance(series, index)) break;
      times[index] = closeTime;
      writeSafeInteger(navWords, index, this.navCents);
    }
    return index;
  }

  /** The state a run of `step` on every candle the lane took would have left. */
  state(): EngineState | null {
    const base = this.base;
    if (base === null || this.strategy === null) return null;
    if (!this.moved) return base;
    const prices = { ...base.prices };
    for (let i = 0; i < this.lastCandles.length; i++) {
      const candle = this.lastCandles[i];
      const coin = this.coins[i];
      if (candle !== undefined && coin !== undefined)
        prices[coin] = { price8: candle.close, time: candle.time + this.intervalMs };
    }
    return {
      fund: {
        ...base.fund,
        accruedFeesCents: BigInt(this.accruedFeesCents),
        feeRemainder: BigInt(this.feeRemainder),
        highWaterNavPerUnit8: this.highWater8,
        lastValuationTime: this.lastValuationTime,
      },
      strategy: this.strategy.state(),
      risk:
        base.risk.cooldownCandlesLeft === this.cooldownCandlesLeft
          ? base.risk
          : { ...base.risk, cooldownCandlesLeft: this.cooldownCandlesLeft },
      openOrders: base.openOrders,
      prices,
      sequence: base.sequence,
    };
  }
}
