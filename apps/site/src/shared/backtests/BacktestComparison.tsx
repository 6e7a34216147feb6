import { Table } from '@ledgerline/ui';
import { pastPerformanceWarning } from '@ledgerline/ui/funds';
import { useId, useState } from 'react';
import { formatDay } from '../formatDate';
import { BacktestForm, type BacktestFormValues } from './BacktestForm';
import { BacktestStatus } from './BacktestStatus';
import { type BacktestResultData, comparedFigures } from './backtestFigures';
import type { BacktestConfiguration } from './backtestState';
import * as styles from './backtests.css';
import { useBacktest } from './useBacktest';

/** The notice every backtest's result carries, and the heading of every simulated figure. */
const simulatedNotice: BacktestResultData['notice'] = 'Simulated past performance';

/** One column of a comparison: what it is called, and what is backtested for it. */
export type BacktestComparisonSide = {
  /** The column's heading, e.g. "Current settings" or "Proposed settings". */
  label: string;
  /**
   * What to backtest: `{ fundId }` for a fund as it is configured now, or `{ strategy, risk, fees }`
   * for settings not saved yet (`risk` and `fees` may be left out for the server's defaults).
   */
  configuration: BacktestConfiguration;
};

export type BacktestComparisonProps = {
  /** The left column, e.g. `{ label: 'Current settings', configuration: { fundId } }`. */
  left: BacktestComparisonSide;
  /** The right column, e.g. `{ label: 'Proposed settings', configuration: { strategy, risk, fees } }`. */
  right: BacktestComparisonSide;
  /** The run button's words. @default 'Compare' */
  runLabel?: string;
  /**
   * The strategies' candle timeframe ("1h"), when known: periods longer than the server runs for it
   * are not offered. @default the right side's `strategy.timeframe`, if any
   */
  timeframe?: string;
  /** The starting amount at first, in US dollars. @default '10000' */
  defaultAmount?: string;
  /** The level of the result's heading. @default 3 */
  headingLevel?: 2 | 3 | 4;
};

/**
 * Two configurations backtested over the same period from the same amount, side by side. A form
 * asks for the period and the amount; "Compare" starts both backtests at once and follows each
 * (its progress, or why it failed); once both are done, a table shows every key figure for each,
 * headed "Simulated past performance", with the past-performance warning.
 *
 * ```tsx
 * <BacktestComparison
 *   left={{ label: 'Current settings', configuration: { fundId: fund._id } }}
 *   right={{ label: 'Proposed settings', configuration: { strategy, risk, fees } }}
 * />
 * ```
 *
 * A new press runs both again with the sides as they are then (edited settings included). To show
 * results already at hand, use `BacktestComparisonTable`; to run one, `useBacktest`.
 */
export function BacktestComparison({
  left,
  right,
  runLabel = 'Compare',
  timeframe,
  defaultAmount = '10000',
  headingLevel = 3,
}: BacktestComparisonProps) {
  const leftRun = useBacktest();
  const rightRun = useBacktest();
  const [period, setPeriod] = useState<BacktestFormValues | null>(null);
  const busy = [leftRun.state, rightRun.state].some(
    (state) => state.status === 'starting' || state.status === 'running',
  );

  const run = (values: BacktestFormValues) => {
    setPeriod(values);
    const { from, to, amount } = values;
    void leftRun.start({ ...left.configuration, from, to, amount });
    void rightRun.start({ ...right.configuration, from, to, amount });
  };

  return (
    <div className={styles.comparison}>
      <BacktestForm
        onRun={run}
        busy={busy}
        runLabel={runLabel}
        timeframe={
          timeframe ?? right.configuration.strategy?.timeframe ?? left.configuration.strategy?.timeframe
        }
        defaultAmount={defaultAmount}
      />
      <BacktestStatus name={left.label} state={leftRun.state} />
      <BacktestStatus name={right.label} state={rightRun.state} />
      {period && leftRun.state.status === 'done' && rightRun.state.status === 'done' && (
        <BacktestComparisonTable
          left={{ label: left.label, result: leftRun.state.result }}
          right={{ label: right.label, result: rightRun.state.result }}
          from={period.from}
          to={period.to}
          headingLevel={headingLevel}
        />
      )}
    </div>
  );
}

export type BacktestComparisonTableProps = {
  /** The left column: its heading and its result. */
  left: { label: string; result: BacktestResultData };
  /** The right column: its heading and its result. */
  right: { label: string; result: BacktestResultData };
  /** Where the period started (an ISO date-time). */
  from: string;
  /** Where it ended (an ISO date-time, not included). */
  to: string;
  /** The level of its heading. @default 3 */
  headingLevel?: 2 | 3 | 4;
};

/**
 * Two results' key figures side by side: a table of metric | left | right under the heading
 * "Simulated past performance", with the past-performance warning.
 */
export function BacktestComparisonTable({
  left,
  right,
  from,
  to,
  headingLevel = 3,
}: BacktestComparisonTableProps) {
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <section aria-labelledby={headingId} className={styles.result}>
      <Heading id={headingId} className={styles.resultTitle}>
        {simulatedNotice}
      </Heading>
      <p className={styles.muted}>
        Both simulated between {formatDay(from)} and {formatDay(to)} on past prices, from the same amount,
        after fees. No money was invested.
      </p>
      <Table.Root caption={`${simulatedNotice}: ${left.label} and ${right.label}`} captionHidden>
        <Table.Head>
          <Table.Row>
            <Table.ColumnHeader>Figure</Table.ColumnHeader>
            <Table.ColumnHeader numeric>{left.label}</Table.ColumnHeader>
            <Table.ColumnHeader numeric>{right.label}</Table.ColumnHeader>
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {comparedFigures(left.result, right.result).map((row) => (
            <Table.Row key={row.metric.id}>
              <Table.RowHeader>{row.metric.label}</Table.RowHeader>
              <Table.Cell numeric>{row.left}</Table.Cell>
              <Table.Cell numeric>{row.right}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <p className={styles.muted}>
        {simulatedNotice}. {pastPerformanceWarning}
      </p>
    </section>
  );
}
