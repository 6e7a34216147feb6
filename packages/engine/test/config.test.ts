import { validateRiskLimits, validateStrategyConfig } from '@ledgerline/engine';
import { describe, expect, it } from 'vitest';

const trend = {
  kind: 'trend',
  timeframe: '1h',
  pairs: ['BTC/USDT'],
  fastPeriod: 12,
  slowPeriod: 26,
  positionSizePct: 25,
  stopLossPct: 5,
};

const errorsOf = (input: unknown) => {
  const result = validateStrategyConfig(input);
  return result.ok ? [] : result.errors;
};

describe('strategy configurations', () => {
  it('reads a valid one, with weights in basis points', () => {
    expect(validateStrategyConfig(trend)).toMatchObject({
      ok: true,
      config: { kind: 'trend', stopLossPct: 5, takeProfitPct: null },
    });
    const recurring = validateStrategyConfig({
      kind: 'recurring-buy',
      timeframe: '1d',
      amountCents: 10_000,
      weights: { 'BTC/USDT': 60, 'ETH/USDT': 40 },
      schedule: { everyCandles: 7 },
    });
    expect(recurring).toMatchObject({
      ok: true,
      config: { amountCents: 10_000n, weights: { 'BTC/USDT': 6_000, 'ETH/USDT': 4_000 } },
    });
    const index = validateStrategyConfig({
      kind: 'index',
      timeframe: '1d',
      topN: 2,
      marketCaps: { 'BTC/USDT': 3, 'ETH/USDT': 1, 'SOL/USDT': 0.5 },
      rebalanceEveryCandles: 30,
      driftBandPct: 5,
    });
    expect(index).toMatchObject({
      ok: true,
      config: { weights: { 'BTC/USDT': 7_500, 'ETH/USDT': 2_500 }, cashReservePct: 1 },
    });
  });

  it('names the field of each problem', () => {
    expect(errorsOf({ ...trend, stopLossPct: 100 })).toEqual([
      { field: 'stopLossPct', msg: 'A stop-loss must be below 100%' },
    ]);
    expect(errorsOf({ ...trend, timeframe: '2h' })).toEqual([
      { field: 'timeframe', msg: 'Unknown timeframe: choose one of 1m, 5m, 15m, 1h, 4h, 1d' },
    ]);
    expect(errorsOf({ ...trend, fastPeriod: 30 })).toEqual([
      { field: 'slowPeriod', msg: 'The slow EMA must be longer than the fast one' },
    ]);
    expect(errorsOf({ ...trend, pairs: ['BTC/EUR'] })).toEqual([
      { field: 'pairs', msg: 'Unknown pair: BTC/EUR' },
    ]);
    expect(errorsOf({ ...trend, positionSizePct: 0 })).toEqual([
      { field: 'positionSizePct', msg: 'The position size must be more than 0%' },
    ]);
    expect(errorsOf({ ...trend, trailingStopPct: 'ten' })).toEqual([
      { field: 'trailingStopPct', msg: 'A trailing stop must be a number' },
    ]);
    expect(errorsOf({ kind: 'martingale' })).toEqual([
      { field: 'kind', msg: 'Unknown strategy: choose one of recurring-buy, index, trend' },
    ]);
  });

  it('requires weights that add up to 100%', () => {
    const basket = {
      kind: 'recurring-buy',
      timeframe: '1d',
      amountCents: 100,
      schedule: { everyCandles: 1 },
    };
    expect(errorsOf({ ...basket, weights: { 'BTC/USDT': 60, 'ETH/USDT': 30 } })).toEqual([
      { field: 'weights', msg: 'Weights must add up to 100%' },
    ]);
    expect(errorsOf({ ...basket, weights: { 'BTC/USDT': 60, 'BTC/USD': 40 } })).toEqual([
      { field: 'weights', msg: 'BTC appears in more than one pair' },
    ]);
    expect(errorsOf({ ...basket, weights: { 'BTC/USDT': 33.333, 'ETH/USDT': 66.667 } })).toEqual([
      { field: 'weights', msg: 'The weight of BTC/USDT may have at most two decimals' },
      { field: 'weights', msg: 'The weight of ETH/USDT may have at most two decimals' },
    ]);
    expect(errorsOf({ ...basket, weights: { 'BTC/USDT': 100 }, schedule: {} })).toEqual([
      { field: 'schedule.everyCandles', msg: 'Choose every how many candles or how often to buy' },
    ]);
    expect(errorsOf({ ...basket, weights: { 'BTC/USDT': 100 }, amountCents: 0 })).toEqual([
      { field: 'amountCents', msg: 'The amount must be at least 1 cents' },
    ]);
  });

  it('reports every problem at once', () => {
    expect(
      errorsOf({
        kind: 'index',
        timeframe: 'weekly',
        weights: { 'BTC/USDT': 50 },
        rebalanceEveryCandles: 0,
        driftBandPct: 100,
      }).map((e) => e.field),
    ).toEqual(['timeframe', 'weights', 'rebalanceEveryCandles', 'driftBandPct']);
  });
});

describe('risk limits', () => {
  const limits = {
    maxAssetSharePct: 40,
    maxOpenPositions: 3,
    dailyLossLimitPct: 5,
    maxDrawdownPct: 25,
    stopLossCooldown: { afterConsecutive: 3, candles: 24 },
    maxDataAgeMs: 120_000,
    priceBandPct: 2,
  };

  it('reads valid limits, with null turning a rule off', () => {
    expect(validateRiskLimits(limits)).toEqual({ ok: true, config: limits });
    expect(validateRiskLimits({ maxAssetSharePct: 100, maxOpenPositions: 1 })).toMatchObject({
      ok: true,
      config: { dailyLossLimitPct: null, stopLossCooldown: null, priceBandPct: null },
    });
  });

  it('names the field of each problem', () => {
    const result = validateRiskLimits({
      ...limits,
      maxDrawdownPct: 100,
      stopLossCooldown: { afterConsecutive: 0, candles: 5 },
    });
    expect(result.ok ? [] : result.errors).toEqual([
      { field: 'maxDrawdownPct', msg: 'The drawdown limit must be below 100%' },
      {
        field: 'stopLossCooldown.afterConsecutive',
        msg: 'The number of stop-losses must be between 1 and 100',
      },
    ]);
  });
});
