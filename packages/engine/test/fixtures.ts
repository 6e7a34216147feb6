import {
  type Candle,
  type EngineState,
  type ExecutionCosts,
  emptyFund,
  type FundConfig,
  initialEngineState,
  type MarketRules,
  maxBig,
  minBig,
  type RiskLimits,
  type StepResult,
  type StrategyConfig,
  step,
  timeframes,
} from '@ledgerline/engine';

/** One US dollar per coin as price8, times `dollars`. */
export const usd8 = (dollars: number): bigint => BigInt(Math.round(dollars * 1e8));
/** A coin quantity at scale 8. */
export const coins = (amount: number): bigint => BigInt(Math.round(amount * 1e8));

export const hour = 3_600_000;
/** 2024-01-01T00:00:00Z. */
export const start = Date.UTC(2024, 0, 1);

/** A flat candle at `price` (open = high = low = close) at hour `i`. */
export function flat(i: number, price: bigint, intervalMs = hour): Candle {
  return {
    time: start + i * intervalMs,
    open: price,
    high: price,
    low: price,
    close: price,
    volume: coins(1),
  };
}

/** Candles at hour 0, 1, … whose closes are `closes` and opens are the previous close. */
export function fromCloses(closes: readonly bigint[], intervalMs = hour): Candle[] {
  return closes.map((close, i) => {
    const open = closes[i - 1] ?? close;
    return {
      time: start + i * intervalMs,
      open,
      high: maxBig(open, close),
      low: minBig(open, close),
      close,
      volume: coins(1),
    };
  });
}

export const noCosts: ExecutionCosts = { takerFeeBps: 0, makerFeeBps: 0, slippageBps: 0 };
export const someCosts: ExecutionCosts = { takerFeeBps: 10, makerFeeBps: 5, slippageBps: 5 };

export const looseMarket: MarketRules = {
  minQuantity: 1n,
  minNotionalCents: 1n,
  quantityStep: 1n,
  priceTick: 1n,
};

export const looseLimits: RiskLimits = {
  maxAssetSharePct: 100,
  maxOpenPositions: 10,
  dailyLossLimitPct: null,
  maxDrawdownPct: null,
  stopLossCooldown: null,
  maxDataAgeMs: null,
  priceBandPct: null,
};

export function fundConfig(strategy: StrategyConfig, overrides: Partial<FundConfig> = {}): FundConfig {
  const markets: Record<string, MarketRules> = {};
  const pairs = strategy.kind === 'trend' ? strategy.pairs : Object.keys(strategy.weights);
  for (const pair of pairs) markets[pair] = looseMarket;
  return {
    id: 'fund1',
    strategy,
    risk: looseLimits,
    costs: noCosts,
    managementFeeBps: 0,
    markets,
    ...overrides,
  };
}

export const trendConfig = (
  overrides: Partial<Extract<StrategyConfig, { kind: 'trend' }>> = {},
): StrategyConfig => ({
  kind: 'trend',
  timeframe: '1h',
  pairs: ['BTC/USDT'],
  fastPeriod: 2,
  slowPeriod: 4,
  positionSizePct: 50,
  stopLossPct: null,
  takeProfitPct: null,
  trailingStopPct: null,
  maxCandlesHeld: null,
  ...overrides,
});

/** Every step of a fund over aligned candles per pair, starting with `cashCents` invested at 1 USD a unit. */
export function runSteps(
  config: FundConfig,
  candles: Readonly<Record<string, readonly Candle[]>>,
  cashCents = 1_000_000n,
  startState?: EngineState,
): StepResult[] {
  const pairs = Object.keys(candles);
  const count = candles[pairs[0] ?? '']?.length ?? 0;
  let state =
    startState ??
    initialEngineState(config, { ...emptyFund(cashCents, cashCents * 10_000n), lastValuationTime: start });
  const results: StepResult[] = [];
  for (let i = 0; i < count; i++) {
    const now: Record<string, Candle> = {};
    let time = 0;
    for (const pair of pairs) {
      const candle = candles[pair]?.[i];
      if (candle === undefined) continue;
      now[pair] = candle;
      time = candle.time;
    }
    const result = step({ config, state, candles: now, now: time + timeframes[config.strategy.timeframe] });
    results.push(result);
    state = result.state;
  }
  return results;
}
