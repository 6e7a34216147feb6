import type { components } from '@ledgerline/api-client';

type StrategyKind = components['schemas']['StrategyKind'];

/** A strategy in two or three words, for a card's kicker. */
export const strategyLabels: Record<StrategyKind, string> = {
  'recurring-buy': 'Recurring buy',
  index: 'Index',
  trend: 'Trend following',
};

/**
 * What each strategy does and which rules limit it, in plain words, as the fact sheet states them.
 * The numbers are the strategies' own settings at launch; the risk rules apply to every fund.
 */
export const strategyWords: Record<StrategyKind, { does: string; rules: readonly string[] }> = {
  'recurring-buy': {
    does: 'Buys a fixed amount of a basket of coins at regular intervals, whatever the price, and holds what it bought. It never tries to time the market.',
    rules: [
      'It buys on a fixed schedule and sells only to pay redemptions.',
      'No order is placed on a price that is too old or far from the last one.',
    ],
  },
  index: {
    does: 'Holds a fixed basket of coins in set proportions and rebalances back to them every week, or sooner when one drifts too far.',
    rules: [
      'No coin may take more than its set share of the fund for long: drift is corrected.',
      'No order is placed on a price that is too old or far from the last one.',
    ],
  },
  trend: {
    does: 'Buys when a short-term average of the price crosses above a longer one (a rising trend), and sells when the trend ends or a limit below is reached. Between trends it holds cash.',
    rules: [
      'Every position has a stop-loss, a take-profit and a trailing stop, and is held for a limited time.',
      'After a run of stop-losses the fund waits before it buys again.',
    ],
  },
};

/** The rules the risk engine applies to every fund, whatever its strategy. */
export const commonRiskRules: readonly string[] = [
  'A limit on the share of the fund any one coin may take, and on the number of open positions.',
  'A daily loss limit: after it is reached, no buying for the rest of the day (UTC).',
  'A drawdown circuit breaker: a fall too far from the fund’s peak pauses it until an operator resumes it.',
  'No order on stale prices: when the exchange cannot be reached, the fund pauses and says why.',
];
