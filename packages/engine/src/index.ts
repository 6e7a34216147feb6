/*
 * @ledgerline/engine: the trading engine, pure TypeScript with no I/O. Strategies turn closed candles
 * into intents, the risk engine turns intents into orders, the fill model turns orders into fills,
 * and the fund's books turn fills, investments and redemptions into NAV, units and ledger movements.
 */
export {
  type AssetInfo,
  assetCatalogue,
  baseOf,
  cashAsset,
  dollarQuotes,
  pairBase,
  unitsAsset,
} from './assets';
export { type BacktestInput, type BacktestMetrics, type BacktestResult, backtest } from './backtest';
export {
  type Candle,
  type CandleSeriesOptions,
  dayMs,
  generateCandles,
  isTimeframe,
  mulberry32,
  type Timeframe,
  timeframes,
  utcDayStart,
} from './candles';
export type { FieldError, Validated } from './config';
export {
  type ExecutionCosts,
  fillAt,
  fillCashDelta,
  fillMarketOrder,
  fillOnCandle,
  slippedPrice,
} from './fill';
export {
  applyFill,
  type CoinPrices,
  emptyFund,
  type FundState,
  initialNavPerUnit8,
  navPerUnit,
  type PendingInvestment,
  type PendingRedemption,
  type Position,
  positionsValueCents,
  type RedemptionRequest,
  type RefusedRequest,
  type RoundTrip,
  strikeValuation,
  type UnitIssue,
  type UnitRedemption,
  type Valuation,
  type ValuationResult,
  valueFund,
  yearMs,
} from './fund';
export {
  fillMovements,
  fundCoinAccount,
  isBalanced,
  issueMovements,
  type LedgerAccount,
  type Movement,
  type MovementReason,
  managementFeeMovements,
  movementTotals,
  redemptionMovements,
} from './ledger';
export { computeMetrics, dailyReturns, maxDrawdown, type NavPoint, type PerformanceMetrics } from './metrics';
export {
  applyBps,
  bpsDenominator,
  divide,
  formatDecimal,
  maxBig,
  minBig,
  mulDiv,
  notionalCents,
  parseDecimal,
  percentToBps,
  pow10,
  priceScale,
  quantityForCents,
  quantityScale,
  type Rounding,
  unitScale,
  usdScale,
} from './money';
export type { Fill, Intent, IntentReason, IntentSize, Order, Side } from './orders';
export {
  assessFund,
  checkIntents,
  initialRiskState,
  type KillSwitches,
  type MarketRules,
  type RiskCheckInput,
  type RiskCheckResult,
  type RiskEvent,
  type RiskLimits,
  type RiskRule,
  type RiskState,
  resumeRisk,
  toStep,
  validateRiskLimits,
} from './risk';
export {
  type EngineState,
  type FundConfig,
  initialEngineState,
  requestInvestment,
  requestRedemption,
  resumeFund,
  type StepInput,
  type StepResult,
  step,
} from './step';
export type { StrategyContext, StrategyOutput } from './strategies/context';
export { type IndexConfig, type IndexState, topByMarketCap } from './strategies/index-basket';
export type { BuySchedule, RecurringBuyConfig, RecurringBuyState } from './strategies/recurring-buy';
export type { TrendConfig, TrendHolding, TrendPairState, TrendState } from './strategies/trend';
export {
  initialStrategyState,
  pairsByCoin,
  runStrategy,
  type StrategyConfig,
  type StrategyState,
  strategyKinds,
  strategyPairs,
  strategyWeights,
  validateStrategyConfig,
} from './strategy';
