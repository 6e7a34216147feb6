/*
 * Performance statistics of a NAV series. These are ratios describing the past, not money, so they are
 * computed in floating point; the money they start from (NAV in cents) is exact.
 */

/** NAV at one time. */
export interface NavPoint {
  readonly time: number;
  readonly navCents: bigint;
}

export interface PerformanceMetrics {
  /** last ÷ first − 1. */
  readonly totalReturn: number;
  /** Compound annual growth; null for a period shorter than 365 days, where annualising misleads. */
  readonly cagr: number | null;
  /** The largest fall from a peak, as a fraction of the peak (0.25 is 25%). */
  readonly maxDrawdown: number;
  /** Mean ÷ standard deviation of daily returns × √365, risk-free rate 0; null without variation. */
  readonly sharpe: number | null;
  /** Mean daily return ÷ downside deviation × √365; null without a down day. */
  readonly sortino: number | null;
  /** CAGR ÷ max drawdown; null without a CAGR or without a drawdown. */
  readonly calmar: number | null;
  readonly days: number;
}

const dayMs = 86_400_000;

/** NAV in dollars as a float, for statistics only. */
const dollars = (cents: bigint): number => Number(cents) / 100;

/** The largest fall from a running peak, as a fraction of that peak. */
export function maxDrawdown(values: readonly number[]): number {
  let peak = Number.NEGATIVE_INFINITY;
  let worst = 0;
  for (const value of values) {
    if (value > peak) peak = value;
    else if (peak > 0) worst = Math.max(worst, (peak - value) / peak);
  }
  return worst;
}

/** Day-on-day returns of a series of values. */
export function dailyReturns(values: readonly number[]): number[] {
  const returns: number[] = [];
  for (let i = 1; i < values.length; i++) {
    const before = values[i - 1] ?? 0;
    const after = values[i] ?? 0;
    returns.push(before > 0 ? after / before - 1 : 0);
  }
  return returns;
}

/** The statistics of a daily NAV series (one point per UTC day, the first at the start). */
export function computeMetrics(daily: readonly NavPoint[]): PerformanceMetrics {
  const values = daily.map((point) => dollars(point.navCents));
  const first = values[0] ?? 0;
  const last = values[values.length - 1] ?? 0;
  const firstTime = daily[0]?.time ?? 0;
  const lastTime = daily[daily.length - 1]?.time ?? 0;
  const days = (lastTime - firstTime) / dayMs;
  const totalReturn = first > 0 ? last / first - 1 : 0;
  const cagr = days >= 365 && first > 0 ? (last / first) ** (365 / days) - 1 : null;
  const drawdown = maxDrawdown(values);
  const returns = dailyReturns(values);
  const n = returns.length;
  const mean = n > 0 ? returns.reduce((sum, r) => sum + r, 0) / n : 0;
  let sharpe: number | null = null;
  let sortino: number | null = null;
  if (n >= 2) {
    const variance = returns.reduce((sum, r) => sum + (r - mean) ** 2, 0) / (n - 1);
    const sd = Math.sqrt(variance);
    if (sd > 0) sharpe = (mean / sd) * Math.sqrt(365);
    const downside = Math.sqrt(returns.reduce((sum, r) => sum + Math.min(r, 0) ** 2, 0) / n);
    if (downside > 0) sortino = (mean / downside) * Math.sqrt(365);
  }
  const calmar = cagr !== null && drawdown > 0 ? cagr / drawdown : null;
  return { totalReturn, cagr, maxDrawdown: drawdown, sharpe, sortino, calmar, days };
}
