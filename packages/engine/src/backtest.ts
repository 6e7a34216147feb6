/*
 * A backtest runs a fund's step over past candles: the same strategy, risk engine and fill model as
 * live paper trading, one step per candle. It starts with one investment of the start cash at
 * 1 USD a unit.
 */
import { type Candle, timeframes, utcDayStart } from './candles';
import type { ExecutionCosts } from './fill';
import { emptyFund, valueFund } from './fund';
import { computeMetrics, type NavPoint, type PerformanceMetrics } from './metrics';
import { pow10, unitScale, usdScale } from './money';
import type { Fill } from './orders';
import { QuietLane, writeSafeInteger } from './quiet-candles';
import type { RiskEvent } from './risk';
import { type FundConfig, initialEngineState, step } from './step';
import { strategyPairs, strategyWeights } from './strategy';

export interface BacktestInput {
  readonly config: FundConfig;
  /** Candles per pair, oldest first, the same open times for every pair. */
  readonly candles: Readonly<Record<string, readonly Candle[]>>;
  readonly startCashCents: bigint;
  /** Fees and slippage to use instead of the fund's. */
  readonly costs?: Partial<ExecutionCosts>;
}

export interface BacktestMetrics extends PerformanceMetrics {
  readonly tradingFeesCents: bigint;
  readonly managementFeesCents: bigint;
  /** Fills. */
  readonly trades: number;
  /** Share of closed round trips (a position opened and sold back to zero) that made money; null without one. */
  readonly winRate: number | null;
  readonly roundTrips: number;
  /** Total return of buying the same assets at the same weights at the first open and holding to the last close, before costs. */
  readonly buyAndHoldReturn: number;
}

export interface BacktestResult {
  /** Every backtest says what it is. */
  readonly label: 'Simulated past performance';
  readonly navSeries: {
    /** NAV at the start and at the last close of each UTC day. */
    readonly daily: readonly NavPoint[];
    /**
     * NAV at each step's close, times (ms) and NAVs (cents) side by side in typed arrays: a year of
     * minutes is 525,600 points, held without half a million objects. `Array.from` gives plain arrays.
     */
    readonly perStep: { readonly times: Float64Array; readonly navCents: BigInt64Array };
  };
  readonly fills: readonly Fill[];
  readonly riskEvents: readonly RiskEvent[];
  readonly metrics: BacktestMetrics;
}

/** Buy-and-hold at the strategy's weights, from the first open to the last close, before costs (a statistic). */
function buyAndHold(weights: Readonly<Record<string, number>>, candles: BacktestInput['candles']): number {
  let total = 0;
  for (const [pair, bps] of Object.entries(weights)) {
    const series = candles[pair];
    const first = series?.[0];
    const last = series?.[series.length - 1];
    if (first === undefined || last === undefined || first.open <= 0n) continue;
    total += (bps / 10_000) * (Number(last.close) / Number(first.open));
  }
  return total - 1;
}

export function backtest(input: BacktestInput): BacktestResult {
  const config: FundConfig =
    input.costs === undefined
      ? input.config
      : { ...input.config, costs: { ...input.config.costs, ...input.costs } };
  const pairs = strategyPairs(config.strategy);
  const series = pairs.map((pair) => {
    const candles = input.candles[pair];
    if (candles === undefined) throw new RangeError(`No candles for ${pair}`);
    return candles;
  });
  const count = series[0]?.length ?? 0;
  for (const candles of series) {
    if (candles.length !== count)
      throw new RangeError('Every pair needs the same candles (times and number)');
  }
  const intervalMs = timeframes[config.strategy.timeframe];
  const firstTime = series[0]?.[0]?.time ?? 0;
  const units = input.startCashCents * pow10(unitScale - usdScale);
  let state = initialEngineState(config, {
    ...emptyFund(input.startCashCents, units),
    lastValuationTime: firstTime,
  });

  const fills: Fill[] = [];
  const riskEvents: RiskEvent[] = [];
  const times = new Float64Array(count);
  const navs = new BigInt64Array(count);
  const daily: NavPoint[] = [{ time: firstTime, navCents: input.startCashCents }];
  let tradingFeesCents = 0n;
  let managementFeesCents = 0n;
  let wins = 0;
  let roundTrips = 0;
  // The last NAV: a bigint from a step, or (null) the lane's number, kept apart so no number is boxed.
  let lastNav: bigint | null = input.startCashCents;
  let lastQuietNav = 0;
  const navWords = new Uint32Array(navs.buffer);
  let day = utcDayStart(firstTime);

  // Quiet candles (most of them) go through the lane; any other candle runs the step, on the state
  // the lane hands back, and the lane starts again from the state the step leaves.
  const lane = new QuietLane(config, pairs);
  lane.load(state);
  let laneMoved = false;
  for (let i = 0; i < count; i++) {
    // A run of quiet candles within the day, in the lane's own loop.
    const taken = lane.takeQuiet(series, i, count, day, times, navWords);
    if (taken > i) {
      laneMoved = true;
      lastNav = null;
      lastQuietNav = lane.navCents;
      i = taken;
      if (i >= count) break;
    }
    const time = series[0]?.[i]?.time ?? 0;
    for (let p = 1; p < series.length; p++) {
      if (series[p]?.[i]?.time !== time)
        throw new RangeError(`Candles of ${pairs[p]} are not aligned at ${time}`);
    }
    const closeTime = time + intervalMs;
    // NAV after this candle: the lane's number (navCents stays null), or the step's bigint.
    let navCents: bigint | null = null;
    if (lane.advance(series, i)) laneMoved = true;
    else {
      if (laneMoved) state = lane.state() ?? state;
      const candles: Record<string, Candle> = {};
      for (let p = 0; p < pairs.length; p++) {
        const candle = series[p]?.[i];
        const pair = pairs[p];
        if (candle !== undefined && pair !== undefined) candles[pair] = candle;
      }
      const result = step({ config, state, candles, now: closeTime });
      state = result.state;
      lane.load(state);
      laneMoved = false;
      for (const fill of result.fills) {
        fills.push(fill);
        tradingFeesCents += fill.feeCents;
      }
      for (const event of result.riskEvents) riskEvents.push(event);
      for (const trip of result.roundTrips) {
        roundTrips++;
        if (trip.pnlCents > 0n) wins++;
      }
      for (const movement of result.movements) {
        if (movement.reason === 'management-fee' && movement.account === 'fees:platform')
          managementFeesCents += movement.amount;
      }
      // NAV after this step's requests: the valuation struck at the close, then nothing moved but requests.
      navCents =
        result.issued.length + result.redeemed.length === 0
          ? result.valuation.navCents
          : valueFund(state.fund, state.prices, closeTime).navCents;
    }
    const closeDay = utcDayStart(closeTime - 1);
    if (closeDay !== day) {
      daily.push({ time: times[i - 1] ?? firstTime, navCents: lastNav ?? BigInt(lastQuietNav) });
      day = closeDay;
    }
    times[i] = closeTime;
    if (navCents === null) {
      lastQuietNav = lane.navCents;
      writeSafeInteger(navWords, i, lastQuietNav);
    } else navs[i] = navCents;
    lastNav = navCents;
  }
  const lastTime = times[count - 1];
  if (lastTime !== undefined && daily[daily.length - 1]?.time !== lastTime)
    daily.push({ time: lastTime, navCents: lastNav ?? BigInt(lastQuietNav) });

  return {
    label: 'Simulated past performance',
    navSeries: { daily, perStep: { times, navCents: navs } },
    fills,
    riskEvents,
    metrics: {
      ...computeMetrics(daily),
      tradingFeesCents,
      managementFeesCents,
      trades: fills.length,
      winRate: roundTrips > 0 ? wins / roundTrips : null,
      roundTrips,
      buyAndHoldReturn: buyAndHold(strategyWeights(config.strategy), input.candles),
    },
  };
}
