// The periods a backtest is offered over, in whole UTC days. Each ends at the start of today (UTC),
// so the NAV series has one point per finished day and two runs on the same day ask for the same
// candles.

const dayMs = 86_400_000;

/** The periods to choose from, each as how many days before today it starts. */
export const backtestPeriods = [
  { id: '30d', name: 'Last 30 days', days: 30 },
  { id: '90d', name: 'Last 90 days', days: 90 },
  { id: '1y', name: 'Last year', days: 365 },
] as const;
export type BacktestPeriodId = (typeof backtestPeriods)[number]['id'];

/** What the server takes at most per backtest: 50,000 candles of the strategy's timeframe. */
export const maxBacktestCandles = 50_000;

const candleMinutes: Record<string, number> = {
  '1m': 1,
  '5m': 5,
  '15m': 15,
  '1h': 60,
  '4h': 240,
  '1d': 1_440,
};

/** Whether a period is a choice offered (a value from a form is only a string). */
export function isBacktestPeriodId(value: string): value is BacktestPeriodId {
  return backtestPeriods.some((period) => period.id === value);
}

/**
 * The period's bounds as the contract takes them: `to` is the start of today in UTC (not included),
 * `from` the given number of days before it.
 */
export function backtestPeriod(id: BacktestPeriodId, now: number): { from: string; to: string } {
  const days = backtestPeriods.find((period) => period.id === id)?.days ?? 30;
  const to = Math.floor(now / dayMs) * dayMs;
  return { from: new Date(to - days * dayMs).toISOString(), to: new Date(to).toISOString() };
}

/**
 * Whether a period of `days` days stays within the server's candle limit for the timeframe. An
 * unknown timeframe (or none) is let through: the server names the field if it refuses.
 */
export function periodFitsTimeframe(days: number, timeframe: string | undefined): boolean {
  const minutes = timeframe === undefined ? undefined : candleMinutes[timeframe];
  if (minutes === undefined) return true;
  return (days * 1_440) / minutes <= maxBacktestCandles;
}
