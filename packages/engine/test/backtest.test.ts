import {
  backtest,
  type Candle,
  computeMetrics,
  emptyFund,
  type Fill,
  type FundConfig,
  generateCandles,
  initialEngineState,
  type NavPoint,
  type RiskEvent,
  type RiskLimits,
  type StrategyConfig,
  step,
  type Timeframe,
  timeframes,
  utcDayStart,
  valueFund,
} from '@ledgerline/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { start, usd8 } from './fixtures';

/**
 * What a backtest is defined to be: `step` on every candle, from one investment of the start cash at
 * 1 USD a unit, the NAV after each step's requests, and the NAV at each UTC day's last close.
 */
function stepOnEveryCandle(config: FundConfig, candles: Record<string, Candle[]>, startCashCents: bigint) {
  const pairs = Object.keys(candles);
  const count = candles[pairs[0] ?? '']?.length ?? 0;
  const intervalMs = timeframes[config.strategy.timeframe];
  const firstTime = candles[pairs[0] ?? '']?.[0]?.time ?? 0;
  let state = initialEngineState(config, {
    ...emptyFund(startCashCents, startCashCents * 10_000n),
    lastValuationTime: firstTime,
  });
  const fills: Fill[] = [];
  const riskEvents: RiskEvent[] = [];
  const times: number[] = [];
  const navs: bigint[] = [];
  const daily: NavPoint[] = [{ time: firstTime, navCents: startCashCents }];
  let lastNav = startCashCents;
  let day = utcDayStart(firstTime);
  for (let i = 0; i < count; i++) {
    const now: Record<string, Candle> = {};
    for (const pair of pairs) {
      const candle = candles[pair]?.[i];
      if (candle !== undefined) now[pair] = candle;
    }
    const closeTime = (candles[pairs[0] ?? '']?.[i]?.time ?? 0) + intervalMs;
    const result = step({ config, state, candles: now, now: closeTime });
    state = result.state;
    fills.push(...result.fills);
    riskEvents.push(...result.riskEvents);
    const nav =
      result.issued.length + result.redeemed.length === 0
        ? result.valuation.navCents
        : valueFund(state.fund, state.prices, closeTime).navCents;
    const closeDay = utcDayStart(closeTime - 1);
    if (closeDay !== day) {
      daily.push({ time: times[i - 1] ?? firstTime, navCents: lastNav });
      day = closeDay;
    }
    times.push(closeTime);
    navs.push(nav);
    lastNav = nav;
  }
  const lastTime = times[times.length - 1];
  if (lastTime !== undefined && daily[daily.length - 1]?.time !== lastTime)
    daily.push({ time: lastTime, navCents: lastNav });
  return { fills, riskEvents, times, navs, daily };
}

const pairs = ['BTC/USDT', 'ETH/USDT'] as const;

const strategy = fc.oneof(
  fc.record({
    kind: fc.constant('recurring-buy' as const),
    amountCents: fc.bigInt({ min: 100n, max: 5_000_000n }),
    btcBps: fc.integer({ min: 0, max: 10_000 }),
    schedule: fc.oneof(
      fc.record({ everyCandles: fc.integer({ min: 1, max: 500 }) }),
      fc.record({ intervalMs: fc.constantFrom(3_600_000, 86_400_000) }),
    ),
  }),
  fc.record({
    kind: fc.constant('index' as const),
    btcBps: fc.integer({ min: 1_000, max: 9_000 }),
    rebalanceEveryCandles: fc.integer({ min: 1, max: 2_000 }),
    driftBandPct: fc.integer({ min: 1, max: 20 }),
    cashReservePct: fc.integer({ min: 0, max: 5 }),
  }),
  fc.record({
    kind: fc.constant('trend' as const),
    fastPeriod: fc.integer({ min: 2, max: 20 }),
    slowGap: fc.integer({ min: 1, max: 40 }),
    positionSizePct: fc.integer({ min: 10, max: 90 }),
    stopLossPct: fc.option(fc.integer({ min: 1, max: 10 })),
    takeProfitPct: fc.option(fc.integer({ min: 1, max: 20 })),
    trailingStopPct: fc.option(fc.integer({ min: 1, max: 10 })),
    maxCandlesHeld: fc.option(fc.integer({ min: 1, max: 300 })),
  }),
);

const limits = fc.record({
  maxAssetSharePct: fc.integer({ min: 20, max: 100 }),
  maxOpenPositions: fc.integer({ min: 1, max: 2 }),
  dailyLossLimitPct: fc.option(fc.constantFrom(0.5, 1, 3)),
  maxDrawdownPct: fc.option(fc.constantFrom(2, 5, 20)),
  stopLossCooldown: fc.option(
    fc.record({
      afterConsecutive: fc.integer({ min: 1, max: 2 }),
      candles: fc.integer({ min: 1, max: 400 }),
    }),
  ),
  maxDataAgeMs: fc.constant(null),
  priceBandPct: fc.option(fc.constantFrom(1, 5)),
});

type Drawn<T> = T extends fc.Arbitrary<infer U> ? U : never;

function strategyOf(drawn: Drawn<typeof strategy>, timeframe: Timeframe): StrategyConfig {
  if (drawn.kind === 'recurring-buy') {
    const weights: Record<string, number> =
      drawn.btcBps === 10_000
        ? { 'BTC/USDT': 10_000 }
        : drawn.btcBps === 0
          ? { 'ETH/USDT': 10_000 }
          : { 'BTC/USDT': drawn.btcBps, 'ETH/USDT': 10_000 - drawn.btcBps };
    return {
      kind: 'recurring-buy',
      timeframe,
      amountCents: drawn.amountCents,
      weights,
      schedule: drawn.schedule,
    };
  }
  if (drawn.kind === 'index') {
    return {
      kind: 'index',
      timeframe,
      weights: { 'BTC/USDT': drawn.btcBps, 'ETH/USDT': 10_000 - drawn.btcBps },
      rebalanceEveryCandles: drawn.rebalanceEveryCandles,
      driftBandPct: drawn.driftBandPct,
      cashReservePct: drawn.cashReservePct,
    };
  }
  return {
    kind: 'trend',
    timeframe,
    pairs: [...pairs],
    fastPeriod: drawn.fastPeriod,
    slowPeriod: drawn.fastPeriod + drawn.slowGap,
    positionSizePct: drawn.positionSizePct,
    stopLossPct: drawn.stopLossPct,
    takeProfitPct: drawn.takeProfitPct,
    trailingStopPct: drawn.trailingStopPct,
    maxCandlesHeld: drawn.maxCandlesHeld,
  };
}

const scenario = fc.record({
  seed: fc.integer({ min: 1, max: 2 ** 31 }),
  strategy,
  limits,
  timeframe: fc.constantFrom<Timeframe>('1m', '15m', '1h'),
  count: fc.integer({ min: 50, max: 1_500 }),
  volatility: fc.constantFrom(0.001, 0.004, 0.02),
  // Up to 10^15 cents: the largest funds leave the exact numbers and take the bigint path.
  startCashCents: fc.oneof(
    fc.bigInt({ min: 10_000n, max: 10n ** 9n }),
    fc.bigInt({ min: 10n ** 9n, max: 10n ** 15n }),
  ),
  managementFeeBps: fc.constantFrom(0, 37, 200, 500),
  costs: fc.record({
    takerFeeBps: fc.integer({ min: 0, max: 30 }),
    makerFeeBps: fc.integer({ min: 0, max: 30 }),
    slippageBps: fc.integer({ min: 0, max: 30 }),
  }),
});

function marketFor(seed: number, timeframe: Timeframe, count: number, volatility: number) {
  const intervalMs = timeframes[timeframe];
  return {
    'BTC/USDT': generateCandles({ seed, start, intervalMs, count, startPrice: usd8(42_000), volatility }),
    'ETH/USDT': generateCandles({
      seed: seed + 1,
      start,
      intervalMs,
      count,
      startPrice: usd8(2_300),
      volatility: volatility * 1.2,
    }),
  };
}

describe('a backtest', () => {
  it('gives exactly the fills, risk events, NAVs and metrics of a step on every candle', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const market = {
          minQuantity: 1_000n,
          minNotionalCents: 500n,
          quantityStep: 1_000n,
          priceTick: 1_000_000n,
        };
        const config: FundConfig = {
          id: 'fund1',
          strategy: strategyOf(s.strategy, s.timeframe),
          risk: s.limits as RiskLimits,
          costs: s.costs,
          managementFeeBps: s.managementFeeBps,
          markets: { 'BTC/USDT': market, 'ETH/USDT': market },
        };
        const all = marketFor(s.seed, s.timeframe, s.count, s.volatility);
        const candles: Record<string, Candle[]> =
          config.strategy.kind === 'trend'
            ? all
            : Object.fromEntries(
                Object.keys(config.strategy.weights).map((pair) => [pair, all[pair as 'BTC/USDT']]),
              );
        const result = backtest({ config, candles, startCashCents: s.startCashCents });
        const expected = stepOnEveryCandle(config, candles, s.startCashCents);
        expect(result.fills).toEqual(expected.fills);
        expect(result.riskEvents).toEqual(expected.riskEvents);
        expect(Array.from(result.navSeries.perStep.times)).toEqual(expected.times);
        expect(Array.from(result.navSeries.perStep.navCents)).toEqual(expected.navs);
        expect(result.navSeries.daily).toEqual(expected.daily);
        expect(result.metrics).toMatchObject(computeMetrics(expected.daily));
        expect(result.metrics.trades).toBe(expected.fills.length);
      }),
      { numRuns: 30 },
    );
  }, 120_000);

  it('gives the same results over 20,000 minutes where the cooldown, the daily loss limit and the breaker trip', () => {
    const market = {
      minQuantity: 1_000n,
      minNotionalCents: 500n,
      quantityStep: 1_000n,
      priceTick: 1_000_000n,
    };
    const risk: RiskLimits = {
      maxAssetSharePct: 50,
      maxOpenPositions: 2,
      dailyLossLimitPct: 1,
      maxDrawdownPct: null,
      stopLossCooldown: { afterConsecutive: 2, candles: 300 },
      maxDataAgeMs: null,
      priceBandPct: null,
    };
    const trend: FundConfig = {
      id: 'fund1',
      strategy: {
        kind: 'trend',
        timeframe: '1m',
        pairs: [...pairs],
        fastPeriod: 5,
        slowPeriod: 20,
        positionSizePct: 45,
        stopLossPct: 0.5,
        takeProfitPct: null,
        trailingStopPct: null,
        maxCandlesHeld: null,
      },
      risk,
      costs: { takerFeeBps: 10, makerFeeBps: 5, slippageBps: 5 },
      managementFeeBps: 200,
      markets: { 'BTC/USDT': market, 'ETH/USDT': market },
    };
    const index: FundConfig = {
      ...trend,
      strategy: {
        kind: 'index',
        timeframe: '1m',
        weights: { 'BTC/USDT': 5_000, 'ETH/USDT': 5_000 },
        rebalanceEveryCandles: 5_000,
        driftBandPct: 2,
        cashReservePct: 1,
      },
      risk: { ...risk, maxDrawdownPct: 3 },
    };
    const candles = marketFor(5, '1m', 20_000, 0.002);
    for (const [config, rules] of [
      [trend, ['cooldown', 'daily-loss']],
      [index, ['drawdown', 'paused']],
    ] as const) {
      const result = backtest({ config, candles, startCashCents: 100_000_000n });
      const expected = stepOnEveryCandle(config, candles, 100_000_000n);
      for (const rule of rules) expect(expected.riskEvents.some((event) => event.rule === rule)).toBe(true);
      expect(result.fills).toEqual(expected.fills);
      expect(result.riskEvents).toEqual(expected.riskEvents);
      expect(Array.from(result.navSeries.perStep.navCents)).toEqual(expected.navs);
      expect(result.navSeries.daily).toEqual(expected.daily);
    }
  }, 120_000);
});
