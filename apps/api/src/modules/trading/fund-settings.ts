import type { components } from '@ledgerline/api-client/contract';
import {
  type FieldError,
  type RiskLimits,
  type StrategyConfig,
  strategyPairs,
  timeframes,
  validateRiskLimits,
  validateStrategyConfig,
} from '@ledgerline/engine';
import { centsToUsdNumber, usdNumberToCents } from '@ledgerline/rules/usd';
import type { FundRow } from './fund-config';

/*
 * A fund's settings as the contract writes them, and as they are stored for the engine. The contract
 * speaks US dollars and flat fields (`amount`, `everyCandles`); the stored strategy is the engine's
 * own configuration (`amountCents`, `schedule`). Every setting passes the engine's validators before
 * anything is stored, and each problem is reported against the contract's name of its field.
 */

export type StrategyParameters = components['schemas']['StrategyParameters'];
export type RiskLimitsSettings = components['schemas']['RiskLimitsSettings'];
export type FundFeesSettings = components['schemas']['FundFeesSettings'];
export type FundSettings = components['schemas']['FundSettings'];

/** The contract's fields each strategy takes, besides `kind` and `timeframe`. */
const strategyFields: Record<StrategyParameters['kind'], readonly (keyof StrategyParameters)[]> = {
  'recurring-buy': ['amount', 'weights', 'everyCandles'],
  index: ['weights', 'rebalanceEveryCandles', 'driftBandPct', 'cashReservePct'],
  trend: [
    'pairs',
    'fastPeriod',
    'slowPeriod',
    'positionSizePct',
    'stopLossPct',
    'takeProfitPct',
    'trailingStopPct',
    'maxCandlesHeld',
  ],
};

/** The engine's names of fields the contract names otherwise. */
const contractFieldOf: Record<string, string> = {
  amountCents: 'amount',
  schedule: 'everyCandles',
  'schedule.everyCandles': 'everyCandles',
  'schedule.intervalMs': 'everyCandles',
};

/** A strategy as the contract sent it, in the engine's stored form; fields of another strategy are errors. */
function storedStrategy(input: StrategyParameters): {
  stored: Record<string, unknown>;
  errors: FieldError[];
} {
  const errors: FieldError[] = [];
  const allowed = new Set<string>(['kind', 'timeframe', ...strategyFields[input.kind]]);
  for (const key of Object.keys(input)) {
    if (!allowed.has(key))
      errors.push({ field: key, msg: `${key} is not a setting of the ${input.kind} strategy` });
  }
  const stored: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (!allowed.has(key)) continue;
    if (key === 'amount') {
      const cents = usdNumberToCents(value as number);
      if (cents === null || cents <= 0)
        errors.push({ field: 'amount', msg: 'The amount must be more than 0' });
      else stored.amountCents = cents;
    } else if (key === 'everyCandles') stored.schedule = { everyCandles: value };
    else stored[key] = value;
  }
  return { stored, errors };
}

/** A stored strategy as the contract shows it. */
export function strategyParametersOf(stored: Readonly<Record<string, unknown>>): StrategyParameters {
  const shown: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(stored)) {
    if (key === 'amountCents' && typeof value === 'number') shown.amount = centsToUsdNumber(value);
    else if (key === 'schedule') {
      const every = (value as { everyCandles?: unknown } | null)?.everyCandles;
      if (typeof every === 'number') shown.everyCandles = every;
    } else shown[key] = value;
  }
  return shown as StrategyParameters;
}

/** A fund's settings as the contract shows them. */
export function fundSettingsOf(fund: FundRow): FundSettings {
  const risk = validateRiskLimits(fund.risk);
  const riskLevel = fund.riskLevel === 'low' || fund.riskLevel === 'high' ? fund.riskLevel : 'medium';
  return {
    strategy: strategyParametersOf(fund.strategy),
    risk: risk.ok ? { ...risk.config } : (fund.risk as RiskLimitsSettings),
    fees: {
      managementPctPerYear: fund.managementFeeBps / 100,
      takerFeeBps: fund.costs.takerFeeBps,
      makerFeeBps: fund.costs.makerFeeBps,
      slippageBps: fund.costs.slippageBps,
    },
    minimumInvestment: centsToUsdNumber(fund.minimumInvestmentCents),
    riskLevel,
  };
}

/** The settings of a fund's row that an admin sets. */
export type StoredSettings = {
  strategy: Record<string, unknown>;
  risk: Record<string, unknown>;
  costs: { takerFeeBps: number; makerFeeBps: number; slippageBps: number };
  managementFeeBps: number;
};

/**
 * A strategy, risk limits and fees from the contract, checked by the engine's validators and against
 * the timeframes the exchange offers (`exchangeTimeframes`, null when unknown), in their stored form;
 * or every problem, each as `<field>: <what is wrong>`.
 */
export function checkedSettings(
  input: { strategy: StrategyParameters; risk: RiskLimitsSettings; fees: FundFeesSettings },
  exchange: { id: string; timeframes: readonly string[] | null },
):
  | { ok: true; settings: StoredSettings; strategy: StrategyConfig; risk: RiskLimits }
  | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const { stored, errors } = storedStrategy(input.strategy);
  for (const error of errors) problems.push(`strategy.${error.field}: ${error.msg}`);
  const strategy = validateStrategyConfig(stored);
  if (!strategy.ok) {
    for (const error of strategy.errors)
      problems.push(`strategy.${contractFieldOf[error.field] ?? error.field}: ${error.msg}`);
  }
  const timeframe = input.strategy.timeframe;
  if (
    exchange.timeframes !== null &&
    Object.hasOwn(timeframes, timeframe) &&
    !exchange.timeframes.includes(timeframe)
  ) {
    const offered = Object.keys(timeframes).filter((known) => exchange.timeframes?.includes(known));
    problems.push(
      `strategy.timeframe: ${exchange.id} has no ${timeframe} candles: choose one of ${offered.join(', ')}`,
    );
  }
  const risk = validateRiskLimits(input.risk);
  if (!risk.ok) for (const error of risk.errors) problems.push(`risk.${error.field}: ${error.msg}`);
  const fees = input.fees;
  problems.push(...feeProblems(fees));
  const managementFeeBps = Math.round(fees.managementPctPerYear * 100);
  if (problems.length > 0 || !strategy.ok || !risk.ok) return { ok: false, problems };
  return {
    ok: true,
    strategy: strategy.config,
    risk: risk.config,
    settings: {
      strategy: stored,
      risk: { ...risk.config },
      costs: { takerFeeBps: fees.takerFeeBps, makerFeeBps: fees.makerFeeBps, slippageBps: fees.slippageBps },
      managementFeeBps,
    },
  };
}

/** What is wrong with fees, each as `fees.<field>: <what is wrong>`: none may be negative. */
export function feeProblems(fees: FundFeesSettings): string[] {
  const problems: string[] = [];
  const managementFeeBps = Math.round(fees.managementPctPerYear * 100);
  if (fees.managementPctPerYear < 0 || Math.abs(managementFeeBps - fees.managementPctPerYear * 100) > 1e-6)
    problems.push(
      'fees.managementPctPerYear: The management fee must be 0% or more, with at most two decimals',
    );
  for (const field of ['takerFeeBps', 'makerFeeBps', 'slippageBps'] as const) {
    if (!Number.isInteger(fees[field]) || fees[field] < 0)
      problems.push(`fees.${field}: must be a whole number of basis points, 0 or more`);
  }
  return problems;
}

/** The pairs a stored strategy trades, or none when it is invalid. */
export function storedPairs(stored: Readonly<Record<string, unknown>>): string[] {
  const strategy = validateStrategyConfig(stored);
  return strategy.ok ? strategyPairs(strategy.config).sort() : [];
}
