import { formatUsd } from '@ledgerline/ui';
import { FundChart, pastPerformanceWarning } from '@ledgerline/ui/funds';
import { useId, useMemo } from 'react';
import { formatDay } from '../formatDate';
import { type BacktestResultData, resultFigures, valuePoints, valueSummary } from './backtestFigures';
import * as styles from './backtests.css';

const usdValue = (value: number) => formatUsd(value);

export type BacktestResultProps = {
  /** The finished backtest's result (`notice`, `navSeries`, `fills`, `metrics`). */
  result: BacktestResultData;
  /** Where the period started (an ISO date-time, included). */
  from: string;
  /** Where it ended (an ISO date-time, not included). */
  to: string;
  /** What the simulation started with, in US dollars. */
  amount: number;
  /** The level of its heading, under the section it sits in. @default 3 */
  headingLevel?: 2 | 3 | 4;
};

/**
 * A backtest's result, headed with its notice ("Simulated past performance"): what the amount
 * became, the key figures (total return, CAGR for a year or more, buying and holding instead, the
 * largest fall, Sharpe ratio, trades, fees) with the past-performance warning beside them, and the
 * simulated value day by day as a chart with its summary and table.
 */
export function BacktestResult({ result, from, to, amount, headingLevel = 3 }: BacktestResultProps) {
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  const points = useMemo(() => valuePoints(result), [result]);
  return (
    <section aria-labelledby={headingId} className={styles.result}>
      <Heading id={headingId} className={styles.resultTitle}>
        {result.notice}
      </Heading>
      <p className={styles.muted}>
        What {formatUsd(amount)} would have become between {formatDay(from)} and {formatDay(to)}, trading by
        these rules on past prices, after fees. No money was invested.
      </p>
      <dl className={styles.figures}>
        {resultFigures(result).map(({ metric, value }) => (
          <div key={metric.id} className={styles.figure}>
            <dt className={styles.term}>{metric.label}</dt>
            <dd className={styles.value}>{value}</dd>
          </div>
        ))}
      </dl>
      <p className={styles.muted}>
        {result.notice}. {pastPerformanceWarning}
      </p>
      <FundChart
        title={`${result.notice}: value`}
        points={points}
        formatValue={usdValue}
        valueLabel="Simulated value"
        summary={valueSummary(result)}
      />
    </section>
  );
}
