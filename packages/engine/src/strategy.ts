/*
 * The three strategies behind one door. A strategy's state is plain data (numbers, bigints, strings,
 * nulls) that the server stores after each step and passes to the next one; a step never replays
 * history. `runStrategy` is a pure function of the configuration, that state and the step's context.
 */
import { baseOf } from './assets';
import { timeframes } from './candles';
import { asRecord, type Validated } from './config';
import type { StrategyContext, StrategyOutput } from './strategies/context';
import {
  type IndexConfig,
  type IndexState,
  initialIndexState,
  runIndex,
  validateIndex,
} from './strategies/index-basket';
import {
  initialRecurringBuyState,
  type RecurringBuyConfig,
  type RecurringBuyState,
  runRecurringBuy,
  validateRecurringBuy,
} from './strategies/recurring-buy';
import {
  initialTrendState,
  runTrend,
  type TrendConfig,
  type TrendState,
  validateTrend,
} from './strategies/trend';

/** Any strategy's configuration, told apart by `kind`. */
export type StrategyConfig = RecurringBuyConfig | IndexConfig | TrendConfig;
/** Any strategy's state, told apart by `kind`. */
export type StrategyState = RecurringBuyState | IndexState | TrendState;

/** The strategies there are. */
export const strategyKinds = ['recurring-buy', 'index', 'trend'] as const;

/** Reads a strategy configuration of any kind from JSON-like data. */
export function validateStrategyConfig(input: unknown): Validated<StrategyConfig> {
  const record = asRecord(input);
  if (record === null)
    return { ok: false, errors: [{ field: 'kind', msg: 'A strategy configuration is an object' }] };
  switch (record.kind) {
    case 'recurring-buy':
      return validateRecurringBuy(record);
    case 'index':
      return validateIndex(record);
    case 'trend':
      return validateTrend(record);
    default:
      return {
        ok: false,
        errors: [{ field: 'kind', msg: `Unknown strategy: choose one of ${strategyKinds.join(', ')}` }],
      };
  }
}

/** A strategy's state before its first candle. */
export function initialStrategyState(config: StrategyConfig): StrategyState {
  switch (config.kind) {
    case 'recurring-buy':
      return initialRecurringBuyState();
    case 'index':
      return initialIndexState();
    case 'trend':
      return initialTrendState(config);
  }
}

/** The pairs a strategy trades. */
export function strategyPairs(config: StrategyConfig): string[] {
  return config.kind === 'trend' ? [...config.pairs] : Object.keys(config.weights).sort();
}

/** The weights (basis points) a buy-and-hold of the same assets would use: the strategy's own, or equal. */
export function strategyWeights(config: StrategyConfig): Record<string, number> {
  if (config.kind !== 'trend') return { ...config.weights };
  const weights: Record<string, number> = {};
  config.pairs.forEach((pair, i) => {
    weights[pair] = Math.floor(10_000 / config.pairs.length) + (i < 10_000 % config.pairs.length ? 1 : 0);
  });
  return weights;
}

const pairsByCoinCache = new WeakMap<StrategyConfig, Readonly<Record<string, string>>>();

/** Each traded coin's pair (worked out once per configuration object: a step asks at every candle). */
export function pairsByCoin(config: StrategyConfig): Readonly<Record<string, string>> {
  const cached = pairsByCoinCache.get(config);
  if (cached !== undefined) return cached;
  const byCoin: Record<string, string> = {};
  for (const pair of strategyPairs(config)) byCoin[baseOf(pair)] = pair;
  pairsByCoinCache.set(config, byCoin);
  return byCoin;
}

/** One strategy step: its next state and its intents. A state of another kind than the config is a programming error. */
export function runStrategy(
  config: StrategyConfig,
  state: StrategyState,
  context: StrategyContext,
): StrategyOutput<StrategyState> {
  if (config.kind === 'recurring-buy' && state.kind === 'recurring-buy') {
    return runRecurringBuy(config, state, context, timeframes[config.timeframe]);
  }
  if (config.kind === 'index' && state.kind === 'index') return runIndex(config, state, context);
  if (config.kind === 'trend' && state.kind === 'trend') return runTrend(config, state, context);
  throw new TypeError(`A ${state.kind} state cannot run a ${config.kind} strategy`);
}
