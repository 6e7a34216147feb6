/*
 * The engine's speed: each strategy backtested over one year of 1-minute candles (525,600 per pair,
 * generated from a seed), against the floor of a bare loop that only reads the same candles. The
 * ratio is the cost of the engine per candle over the cost of touching the data; the target is 10.
 *   node bench/run.mjs trading      (or, in packages/engine: node --import tsx bench/backtest.ts)
 * BENCH_MINUTES=100000 runs a shorter period; BENCH_ONLY=trend runs one strategy.
 */
import { performance } from 'node:perf_hooks';
import {
  backtest,
  type Candle,
  type FundConfig,
  generateCandles,
  type MarketRules,
  type StrategyConfig,
  timeframes,
} from '../src/index';

const minutes = Number(process.env.BENCH_MINUTES ?? 525_600);
const start = Date.UTC(2024, 0, 1);
const price8 = (dollars: number) => BigInt(Math.round(dollars * 1e8));

const candles: Record<string, Candle[]> = {
  'BTC/USDT': generateCandles({
    seed: 2024,
    start,
    intervalMs: timeframes['1m'],
    count: minutes,
    startPrice: price8(42_000),
    drift: 0.0000005,
    volatility: 0.0009,
  }),
  'ETH/USDT': generateCandles({
    seed: 2025,
    start,
    intervalMs: timeframes['1m'],
    count: minutes,
    startPrice: price8(2_300),
    drift: 0.0000004,
    volatility: 0.0011,
  }),
};

const market: MarketRules = {
  minQuantity: 1_000n,
  minNotionalCents: 500n,
  quantityStep: 1_000n,
  priceTick: 1_000_000n,
};
const strategies: Record<string, StrategyConfig> = {
  'recurring-buy': {
    kind: 'recurring-buy',
    timeframe: '1m',
    amountCents: 10_000n,
    weights: { 'BTC/USDT': 6_000, 'ETH/USDT': 4_000 },
    schedule: { intervalMs: 86_400_000 },
  },
  index: {
    kind: 'index',
    timeframe: '1m',
    weights: { 'BTC/USDT': 6_000, 'ETH/USDT': 4_000 },
    rebalanceEveryCandles: 10_080,
    driftBandPct: 5,
    cashReservePct: 1,
  },
  trend: {
    kind: 'trend',
    timeframe: '1m',
    pairs: ['BTC/USDT', 'ETH/USDT'],
    fastPeriod: 50,
    slowPeriod: 200,
    positionSizePct: 40,
    stopLossPct: 2,
    takeProfitPct: 4,
    trailingStopPct: 1.5,
    maxCandlesHeld: 1_440,
  },
};

const configOf = (strategy: StrategyConfig): FundConfig => ({
  id: 'bench',
  strategy,
  risk: {
    maxAssetSharePct: 60,
    maxOpenPositions: 2,
    dailyLossLimitPct: 5,
    maxDrawdownPct: 50,
    stopLossCooldown: { afterConsecutive: 3, candles: 60 },
    maxDataAgeMs: 5 * 60_000,
    priceBandPct: 5,
  },
  costs: { takerFeeBps: 10, makerFeeBps: 5, slippageBps: 5 },
  managementFeeBps: 200,
  markets: { 'BTC/USDT': market, 'ETH/USDT': market },
});

/** The floor: one pass over every candle of both pairs that reads each field and keeps a running figure. */
function floor(): number {
  const began = performance.now();
  const series = Object.values(candles);
  let highest = 0n;
  let count = 0;
  for (let i = 0; i < minutes; i++) {
    for (const pairCandles of series) {
      const candle = pairCandles[i];
      if (candle === undefined) continue;
      if (candle.high > highest) highest = candle.high;
      if (candle.close > candle.open) count++;
    }
  }
  const elapsed = performance.now() - began;
  if (highest < 0n || count < 0) throw new Error('unreachable');
  return elapsed;
}

/** The time one call takes, ms. */
function timed(run: () => void): number {
  const began = performance.now();
  run();
  return performance.now() - began;
}

/**
 * The fastest of `rounds` timings of the backtest and of the floor, taken in turns, so both meet the
 * same load on a shared machine and its pauses count less.
 */
function fastestInTurns(rounds: number, run: () => void): { ms: number; floorMs: number } {
  let ms = Number.POSITIVE_INFINITY;
  let floorMs = Number.POSITIVE_INFINITY;
  for (let i = 0; i < rounds; i++) {
    floorMs = Math.min(floorMs, floor());
    ms = Math.min(ms, timed(run));
  }
  floorMs = Math.min(floorMs, floor());
  return { ms, floorMs };
}

const rows: Record<string, Record<string, string | number>> = {};
for (const [name, strategy] of Object.entries(strategies)) {
  if (process.env.BENCH_ONLY !== undefined && process.env.BENCH_ONLY !== name) continue;
  let trades = 0;
  let events = 0;
  let totalReturn = 0;
  const { ms, floorMs } = fastestInTurns(Number(process.env.BENCH_ROUNDS ?? 5), () => {
    const result = backtest({ config: configOf(strategy), candles, startCashCents: 1_000_000_00n });
    trades = result.metrics.trades;
    events = result.riskEvents.length;
    totalReturn = result.metrics.totalReturn;
  });
  rows[name] = {
    'candles per pair': minutes,
    'backtest ms': Math.round(ms),
    'floor ms': Number(floorMs.toFixed(1)),
    'ratio (target ≤ 10)': Number((ms / floorMs).toFixed(1)),
    trades,
    'risk events': events,
    'total return %': Number((totalReturn * 100).toFixed(2)),
  };
}
console.log('\nTrading engine: one year of 1-minute candles, two pairs (simulated past performance)');
console.table(rows);
