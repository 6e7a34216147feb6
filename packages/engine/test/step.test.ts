import {
  backtest,
  type Candle,
  type EngineState,
  emptyFund,
  type FundConfig,
  generateCandles,
  initialEngineState,
  isBalanced,
  requestInvestment,
  requestRedemption,
  type StrategyConfig,
  step,
} from '@ledgerline/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fundConfig, hour, runSteps, someCosts, start, trendConfig, usd8 } from './fixtures';

const strategies: StrategyConfig[] = [
  trendConfig({
    pairs: ['BTC/USDT', 'ETH/USDT'],
    fastPeriod: 5,
    slowPeriod: 20,
    stopLossPct: 3,
    takeProfitPct: 6,
    trailingStopPct: 4,
    maxCandlesHeld: 48,
  }),
  {
    kind: 'recurring-buy',
    timeframe: '1h',
    amountCents: 5_000n,
    weights: { 'BTC/USDT': 6_000, 'ETH/USDT': 4_000 },
    schedule: { everyCandles: 24 },
  },
  {
    kind: 'index',
    timeframe: '1h',
    weights: { 'BTC/USDT': 5_000, 'ETH/USDT': 5_000 },
    rebalanceEveryCandles: 168,
    driftBandPct: 5,
    cashReservePct: 1,
  },
];

const market = (seed: number, count: number) => ({
  'BTC/USDT': generateCandles({
    seed,
    start,
    intervalMs: hour,
    count,
    startPrice: usd8(40_000),
    volatility: 0.01,
  }),
  'ETH/USDT': generateCandles({
    seed: seed + 1,
    start,
    intervalMs: hour,
    count,
    startPrice: usd8(2_000),
    volatility: 0.015,
  }),
});

const configOf = (strategy: StrategyConfig): FundConfig =>
  fundConfig(strategy, {
    costs: someCosts,
    managementFeeBps: 200,
    risk: {
      maxAssetSharePct: 60,
      maxOpenPositions: 2,
      dailyLossLimitPct: 5,
      maxDrawdownPct: 30,
      stopLossCooldown: { afterConsecutive: 3, candles: 12 },
      maxDataAgeMs: 2 * hour,
      priceBandPct: 10,
    },
  });

/** The state as the server would store it: JSON with bigints as strings, read back. */
function throughJson(state: EngineState): EngineState {
  const text = JSON.stringify(state, (_key, value) => (typeof value === 'bigint' ? `${value}n` : value));
  return JSON.parse(text, (_key, value) =>
    typeof value === 'string' && /^-?\d+n$/.test(value) ? BigInt(value.slice(0, -1)) : value,
  );
}

describe('a step', () => {
  it('gives the same orders for the same candles and configuration', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 }), fc.constantFrom(...strategies), (seed, strategy) => {
        const candles = market(seed, 200);
        const first = runSteps(configOf(strategy), candles);
        const second = runSteps(configOf(strategy), candles);
        expect(second.map((r) => r.orders)).toEqual(first.map((r) => r.orders));
        expect(second.at(-1)?.state).toEqual(first.at(-1)?.state);
      }),
      { numRuns: 12 },
    );
  });

  it('resumes from state stored as JSON exactly as an uninterrupted run', () => {
    for (const strategy of strategies) {
      const config = configOf(strategy);
      const candles = market(7, 300);
      const straight = runSteps(config, candles);
      let state: EngineState = initialEngineState(config, {
        ...emptyFund(1_000_000n, 10_000_000_000n),
        lastValuationTime: start,
      });
      const resumed = [];
      for (let i = 0; i < 300; i++) {
        const now: Record<string, Candle> = {};
        for (const [pair, series] of Object.entries(candles)) {
          const candle = series[i];
          if (candle !== undefined) now[pair] = candle;
        }
        const result = step({ config, state: throughJson(state), candles: now, now: start + (i + 1) * hour });
        resumed.push(result.orders);
        state = result.state;
      }
      expect(resumed).toEqual(straight.map((r) => r.orders));
      expect(straight.some((r) => r.orders.length > 0)).toBe(true);
    }
  });

  it('balances every movement per asset and never lets NAV per unit go negative', () => {
    for (const strategy of strategies) {
      for (const result of runSteps(configOf(strategy), market(11, 400))) {
        expect(isBalanced(result.movements)).toBe(true);
        expect(result.valuation.navPerUnit8 >= 0n).toBe(true);
      }
    }
  });

  it('prices investments and redemptions at the next NAV, selling to pay what cash cannot', () => {
    const config = configOf(strategies[2] as StrategyConfig);
    const candles = market(3, 40);
    const steps = runSteps(config, candles, 1_000_000n);
    let state = steps[9]?.state as EngineState;
    state = requestInvestment(state, { id: 'i1', investorId: 'bob', amountCents: 500_000n, requestedAt: 0 });
    state = requestRedemption(state, {
      id: 'r1',
      investorId: 'ann',
      request: { kind: 'all', heldUnits: 10_000_000_000n },
      requestedAt: 0,
    });
    const at = (i: number): Record<string, Candle> => ({
      'BTC/USDT': candles['BTC/USDT'][i] as Candle,
      'ETH/USDT': candles['ETH/USDT'][i] as Candle,
    });
    const first = step({ config, state, candles: at(10), now: start + 11 * hour });
    expect(first.issued.map((i) => i.id)).toEqual(['i1']);
    // Ann's units are worth about 10,000 USD; the fund holds about 5,000 USD of cash after Bob's money.
    expect(first.redeemed).toEqual([]);
    expect(first.orders.filter((o) => o.reason === 'redemption').length).toBeGreaterThan(0);
    let next = first;
    for (let i = 11; i < 14 && next.state.fund.pendingRedemptions.length > 0; i++) {
      next = step({ config, state: next.state, candles: at(i), now: start + (i + 1) * hour });
    }
    expect(next.redeemed.map((r) => r.id)).toEqual(['r1']);
    expect(next.state.fund.unitsOutstanding).toBe(first.issued[0]?.units);
    expect(isBalanced(next.movements)).toBe(true);
  });

  it('cancels open orders and places none while a kill switch is on', () => {
    const config = configOf(strategies[1] as StrategyConfig);
    const candles = market(5, 3);
    const placed = step({
      config,
      state: initialEngineState(config, {
        ...emptyFund(1_000_000n, 10_000_000_000n),
        lastValuationTime: start,
      }),
      candles: { 'BTC/USDT': candles['BTC/USDT'][0] as Candle, 'ETH/USDT': candles['ETH/USDT'][0] as Candle },
      now: start + hour,
    });
    expect(placed.orders).toHaveLength(2);
    const stopped = step({
      config,
      state: placed.state,
      candles: { 'BTC/USDT': candles['BTC/USDT'][1] as Candle, 'ETH/USDT': candles['ETH/USDT'][1] as Candle },
      now: start + 2 * hour,
      killSwitches: { fund: false, global: true },
    });
    expect(stopped.fills).toEqual([]);
    expect(stopped.state.openOrders).toEqual([]);
    expect(stopped.riskEvents.map((e) => e.action)).toEqual(['cancelled', 'cancelled']);
  });

  it('pauses the fund when the drawdown breaker trips', () => {
    const crash = (count: number, from: number) =>
      Array.from({ length: count }, (_, i) => {
        const price = usd8(from * 0.9 ** i);
        return { time: start + i * hour, open: price, high: price, low: price, close: price, volume: 1n };
      });
    const config = configOf(strategies[2] as StrategyConfig);
    const results = runSteps(config, { 'BTC/USDT': crash(10, 40_000), 'ETH/USDT': crash(10, 2_000) });
    const paused = results.findIndex((r) => r.pause !== null);
    expect(paused).toBeGreaterThan(0);
    expect(results[paused]?.riskEvents.some((e) => e.rule === 'drawdown')).toBe(true);
    expect(results.slice(paused).every((r) => r.orders.length === 0)).toBe(true);
  });
});

describe('fees and prices in a step', () => {
  it('accrues the management fee every step and pays it to the platform once a UTC day', () => {
    const config = configOf(strategies[1] as StrategyConfig);
    const results = runSteps(config, market(9, 72));
    const payments = results.filter((r) => r.movements.some((m) => m.account === 'fees:platform'));
    // Hourly closes from 01:00 on day one to 00:00 on day four: the first close of days two, three and four pays.
    expect(payments.map((r) => r.valuation.time)).toEqual([
      start + 24 * hour,
      start + 48 * hour,
      start + 72 * hour,
    ]);
    const last = results.at(-2)?.state.fund;
    expect(last?.accruedFeesCents).toBeGreaterThan(0n);
  });

  it('fills open market orders at the last trade price when the caller has one', () => {
    const config = configOf(strategies[1] as StrategyConfig);
    const candles = market(5, 2);
    const placed = step({
      config,
      state: initialEngineState(config, {
        ...emptyFund(1_000_000n, 10_000_000_000n),
        lastValuationTime: start,
      }),
      candles: { 'BTC/USDT': candles['BTC/USDT'][0] as Candle, 'ETH/USDT': candles['ETH/USDT'][0] as Candle },
      now: start + hour,
    });
    const lastTrade = (candles['BTC/USDT'][1] as Candle).open + usd8(10);
    const filled = step({
      config,
      state: placed.state,
      candles: { 'BTC/USDT': candles['BTC/USDT'][1] as Candle, 'ETH/USDT': candles['ETH/USDT'][1] as Candle },
      now: start + 2 * hour,
      lastTradePrices: { 'BTC/USDT': lastTrade },
    });
    const btc = filled.fills.find((f) => f.pair === 'BTC/USDT');
    // 5 bps of slippage on top of the last trade, rounded up.
    expect(btc?.price8).toBe((lastTrade * 10_005n + 9_999n) / 10_000n);
    expect(filled.fills.find((f) => f.pair === 'ETH/USDT')?.price8).toBe(
      ((candles['ETH/USDT'][1] as Candle).open * 10_005n + 9_999n) / 10_000n,
    );
  });
});

describe('a backtest', () => {
  it('labels its result and reports metrics from the same steps', () => {
    const candles = market(21, 24 * 60);
    const result = backtest({
      config: configOf(strategies[0] as StrategyConfig),
      candles,
      startCashCents: 1_000_000n,
    });
    expect(result.label).toBe('Simulated past performance');
    expect(result.navSeries.perStep.times).toHaveLength(24 * 60);
    // A point at the start, then one at each UTC day's last close.
    expect(result.navSeries.daily).toHaveLength(61);
    expect(result.navSeries.daily[1]?.time).toBe(start + 24 * hour);
    expect(result.metrics.trades).toBe(result.fills.length);
    expect(result.metrics.cagr).toBeNull();
    expect(result.metrics.tradingFeesCents).toBe(result.fills.reduce((sum, f) => sum + f.feeCents, 0n));
    expect(result.metrics.managementFeesCents).toBeGreaterThan(0n);
    const again = backtest({
      config: configOf(strategies[0] as StrategyConfig),
      candles,
      startCashCents: 1_000_000n,
    });
    expect(again).toEqual(result);
  });
});
