import type { components } from '@ledgerline/api-client';
import { formatUsd } from '@ledgerline/ui';
import { type ChartPoint, formatSignedPercent } from '@ledgerline/ui/funds';
import { formatDay } from '../formatDate';

export type BacktestResultData = components['schemas']['BacktestResult'];
type BacktestMetrics = components['schemas']['BacktestMetrics'];

// A backtest's figures as a person reads them. The contract sends returns and drawdowns as fractions
// (0.25 is 25%); they are written as percents with their sign, a fall with a true minus sign.

/** A fraction as a signed percent: 0.008425 → "+0.84%", -0.1 → "−10.00%". */
export function fractionText(fraction: number): string {
  return formatSignedPercent(fraction * 100);
}

/** A ratio with two decimals, or words when there were too few days to compute it. */
export function ratioText(ratio: number | null): string {
  return ratio === null ? 'Not enough data' : ratio.toFixed(2);
}

/** One line of a result: what it is, and its value for a result. */
export type BacktestMetric = {
  id: string;
  label: string;
  /** A return: the past-performance warning stands beside it. */
  isReturn: boolean;
  /** The value, written; null when the result has none (CAGR under a year). */
  value: (result: BacktestResultData) => string | null;
};

const metrics = (result: BacktestResultData): BacktestMetrics => result.metrics;

/** The value at the end of the period: the last point of the NAV series. */
export function endingValue(result: BacktestResultData): number | null {
  return result.navSeries.at(-1)?.nav ?? null;
}

/**
 * The key figures of a result, in the order shown. CAGR only comes for a period of a year or more;
 * the others always.
 */
export const backtestMetrics: readonly BacktestMetric[] = [
  {
    id: 'endingValue',
    label: 'Value at the end',
    isReturn: true,
    value: (result) => {
      const value = endingValue(result);
      return value === null ? null : formatUsd(value);
    },
  },
  {
    id: 'totalReturn',
    label: 'Total return',
    isReturn: true,
    value: (result) => fractionText(metrics(result).totalReturn),
  },
  {
    id: 'cagr',
    label: 'Yearly growth rate (CAGR)',
    isReturn: true,
    value: (result) => {
      const cagr = metrics(result).cagr;
      return cagr === null ? null : fractionText(cagr);
    },
  },
  {
    id: 'buyAndHoldReturn',
    label: 'Buying and holding instead',
    isReturn: true,
    value: (result) => fractionText(metrics(result).buyAndHoldReturn),
  },
  {
    id: 'maxDrawdown',
    label: 'Largest fall from a peak',
    isReturn: false,
    value: (result) => fractionText(-metrics(result).maxDrawdown),
  },
  {
    id: 'sharpe',
    label: 'Sharpe ratio',
    isReturn: false,
    value: (result) => ratioText(metrics(result).sharpe),
  },
  {
    id: 'trades',
    label: 'Trades',
    isReturn: false,
    value: (result) => String(metrics(result).trades),
  },
  {
    id: 'feesPaid',
    label: 'Trading fees paid',
    isReturn: false,
    value: (result) => formatUsd(metrics(result).feesPaid),
  },
  {
    id: 'managementFees',
    label: 'Management fees',
    isReturn: false,
    value: (result) => formatUsd(metrics(result).managementFees),
  },
];

/** The figures one result has, written: CAGR is left out under a year. */
export function resultFigures(result: BacktestResultData): { metric: BacktestMetric; value: string }[] {
  return backtestMetrics.flatMap((metric) => {
    const value = metric.value(result);
    return value === null ? [] : [{ metric, value }];
  });
}

/**
 * The figures of two results side by side: a line for each figure either has, and "Not computed"
 * where one lacks it (CAGR under a year).
 */
export function comparedFigures(
  left: BacktestResultData,
  right: BacktestResultData,
): { metric: BacktestMetric; left: string; right: string }[] {
  return backtestMetrics.flatMap((metric) => {
    const leftValue = metric.value(left);
    const rightValue = metric.value(right);
    if (leftValue === null && rightValue === null) return [];
    return [{ metric, left: leftValue ?? 'Not computed', right: rightValue ?? 'Not computed' }];
  });
}

/** The NAV series as chart points. */
export function valuePoints(result: BacktestResultData): ChartPoint[] {
  return result.navSeries.map((point) => ({ time: point.time, value: point.nav }));
}

/** The value chart in words: where it started and ended, and the change. */
export function valueSummary(result: BacktestResultData): string {
  const first = result.navSeries[0];
  const last = result.navSeries.at(-1);
  if (!first || !last) return 'The simulation has no daily values.';
  return `From ${formatUsd(first.nav)} on ${formatDay(first.time)} to ${formatUsd(last.nav)} on ${formatDay(last.time)}: ${fractionText(result.metrics.totalReturn)}.`;
}
