import { type Order, type StepResult, type StrategyConfig, topByMarketCap } from '@ledgerline/engine';
import { describe, expect, it } from 'vitest';
import { fromCloses, fundConfig, runSteps, trendConfig, usd8 } from './fixtures';

/** The orders of each step, as `step:side:reason`. */
const orderLog = (results: readonly StepResult[]): string[] =>
  results.flatMap((result, i) => result.orders.map((o: Order) => `${i}:${o.side}:${o.reason}`));

const closes = (...dollars: number[]) => dollars.map(usd8);
/** Six flat closes at 100, then a jump to 120: the fast EMA crosses above the slow one at step 6. */
const crossUp = [100, 100, 100, 100, 100, 100, 120];

function runTrend(overrides: Parameters<typeof trendConfig>[0], path: number[]) {
  const config = fundConfig(trendConfig(overrides));
  return runSteps(config, { 'BTC/USDT': fromCloses(closes(...path)) });
}

describe('trend', () => {
  it('enters when the fast EMA crosses above the slow one, with the share of NAV asked', () => {
    const results = runTrend({}, [...crossUp, 121]);
    expect(orderLog(results)).toEqual(['6:buy:entry']);
    // Half of 10,000 USD at 120 USD a coin, filled at the next open.
    expect(results[6]?.orders[0]?.quantity).toBe(4_166_666_666n);
    expect(results[7]?.fills[0]).toMatchObject({ side: 'buy', price8: usd8(120), notionalCents: 500_000n });
  });

  it('does not enter while the EMAs warm up, nor without a cross', () => {
    expect(orderLog(runTrend({}, [100, 120, 130, 140, 150, 160]))).toEqual([]);
    expect(orderLog(runTrend({}, [100, 100, 100, 100, 100, 90, 80, 70]))).toEqual([]);
  });

  it('exits at the stop-loss when the close falls that far below the entry', () => {
    const results = runTrend({ stopLossPct: 5 }, [...crossUp, 118, 115, 113, 113]);
    expect(orderLog(results)).toEqual(['6:buy:entry', '9:sell:stop-loss']);
    expect(results[10]?.roundTrips[0]?.pnlCents).toBeLessThan(0n);
  });

  it('takes profit when the close rises that far above the entry', () => {
    expect(orderLog(runTrend({ takeProfitPct: 10 }, [...crossUp, 125, 131, 133, 140]))).toEqual([
      '6:buy:entry',
      '9:sell:take-profit',
    ]);
  });

  it('exits on a trailing stop below the highest close since the entry', () => {
    expect(orderLog(runTrend({ trailingStopPct: 10 }, [...crossUp, 130, 150, 140, 136, 135, 120]))).toEqual([
      '6:buy:entry',
      '11:sell:trailing-stop',
    ]);
  });

  it('exits when the time limit is reached', () => {
    expect(orderLog(runTrend({ maxCandlesHeld: 3 }, [...crossUp, 121, 122, 123, 124, 125]))).toEqual([
      '6:buy:entry',
      '9:sell:time-limit',
    ]);
  });
});

describe('recurring buy', () => {
  it('buys the basket split by weight on schedule', () => {
    const strategy: StrategyConfig = {
      kind: 'recurring-buy',
      timeframe: '1h',
      amountCents: 10_000n,
      weights: { 'BTC/USDT': 6_000, 'ETH/USDT': 4_000 },
      schedule: { everyCandles: 2 },
    };
    const results = runSteps(fundConfig(strategy), {
      'BTC/USDT': fromCloses(closes(40_000, 40_000, 40_000, 40_000, 40_000)),
      'ETH/USDT': fromCloses(closes(2_000, 2_000, 2_000, 2_000, 2_000)),
    });
    expect(orderLog(results)).toEqual([
      '0:buy:schedule',
      '0:buy:schedule',
      '2:buy:schedule',
      '2:buy:schedule',
      '4:buy:schedule',
      '4:buy:schedule',
    ]);
    const spent = results[1]?.fills.map((fill) => [fill.pair, fill.notionalCents]);
    expect(spent).toEqual([
      ['BTC/USDT', 6_000n],
      ['ETH/USDT', 4_000n],
    ]);
  });

  it('buys once per interval of time when scheduled by time', () => {
    const strategy: StrategyConfig = {
      kind: 'recurring-buy',
      timeframe: '1h',
      amountCents: 10_000n,
      weights: { 'BTC/USDT': 10_000 },
      schedule: { intervalMs: 4 * 3_600_000 },
    };
    const results = runSteps(fundConfig(strategy), {
      'BTC/USDT': fromCloses(closes(...new Array(9).fill(100))),
    });
    // Candle closes at 1h, 2h, …, 9h: new 4-hour periods begin at the closes of 4h and 8h.
    expect(orderLog(results)).toEqual(['0:buy:schedule', '3:buy:schedule', '7:buy:schedule']);
  });
});

describe('index', () => {
  const strategy: StrategyConfig = {
    kind: 'index',
    timeframe: '1h',
    weights: { 'BTC/USDT': 5_000, 'ETH/USDT': 5_000 },
    rebalanceEveryCandles: 1_000,
    driftBandPct: 5,
    cashReservePct: 0,
  };

  it('buys its weights, holds while shares stay within the band, and rebalances when one drifts out', () => {
    const results = runSteps(fundConfig(strategy), {
      'BTC/USDT': fromCloses(closes(40_000, 40_000, 42_000, 60_000, 60_000)),
      'ETH/USDT': fromCloses(closes(2_000, 2_000, 2_000, 2_000, 2_000)),
    });
    expect(orderLog(results)).toEqual([
      '0:buy:rebalance',
      '0:buy:rebalance',
      '3:sell:rebalance',
      '3:buy:rebalance',
    ]);
    expect(results[3]?.orders.map((o) => o.pair)).toEqual(['BTC/USDT', 'ETH/USDT']);
  });

  it('rebalances every period even without drift', () => {
    const every3 = { ...strategy, rebalanceEveryCandles: 3 };
    const results = runSteps(fundConfig(every3), {
      'BTC/USDT': fromCloses(closes(40_000, 40_000, 40_000, 41_000, 40_000, 40_000, 40_000)),
      'ETH/USDT': fromCloses(closes(2_000, 2_000, 2_000, 2_000, 2_000, 2_000, 2_000)),
    });
    const steps = [...new Set(orderLog(results).map((line) => line.split(':')[0]))];
    expect(steps).toEqual(['0', '3', '6']);
  });

  it('weights the top N by market capitalisation', () => {
    expect(topByMarketCap({ 'BTC/USDT': 600, 'ETH/USDT': 300, 'SOL/USDT': 100, 'XRP/USDT': 50 }, 2)).toEqual({
      'BTC/USDT': 6_667,
      'ETH/USDT': 3_333,
    });
  });
});
