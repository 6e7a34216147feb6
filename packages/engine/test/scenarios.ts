/*
 * Random funds for property tests: a strategy of each kind with its parameters, risk limits that
 * trip (tight daily loss and drawdown limits, long cooldowns), costs, fees, fund sizes from small to
 * past the exact numbers, and seeded candles of two pairs.
 */
import {
  type Candle,
  type FundConfig,
  generateCandles,
  type RiskLimits,
  type StrategyConfig,
  type Timeframe,
  timeframes,
} from '@ledgerline/engine';
import fc from 'fast-check';
import { start, usd8 } from './fixtures';

export const pairs = ['BTC/USDT', 'ETH/USDT'] as const;

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

export const scenario = fc.record({
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

export function marketFor(seed: number, timeframe: Timeframe, count: number, volatility: number) {
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

export type Scenario = Drawn<typeof scenario>;

/** The fund and the candles of a scenario (a basket of one pair gets that pair's candles only). */
export function fundOf(s: Scenario): { config: FundConfig; candles: Record<string, Candle[]> } {
  const market = { minQuantity: 1_000n, minNotionalCents: 500n, quantityStep: 1_000n, priceTick: 1_000_000n };
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
  return { config, candles };
}
