import type { Schemas } from '@ledgerline/api-client';
import { formatUsd, Money } from '@ledgerline/ui';
import { type ChartPoint, FundChart } from '@ledgerline/ui/funds';
import { formatDay } from '../../../shared/formatDate';
import * as styles from './OverviewScreen.css';

type BalancePoint = Schemas['BalancePoint'];

/** Cents of a point's total: cash plus invested, added as integers so no float error shows. */
const totalCents = (point: BalancePoint) => Math.round(point.cash * 100) + Math.round(point.invested * 100);

/** The total balance at the end of each day, as the chart's points (a day at its UTC midnight). */
export function balancePoints(points: readonly BalancePoint[]): ChartPoint[] {
  return points.map((point) => ({ time: `${point.date}T00:00:00.000Z`, value: totalCents(point) / 100 }));
}

/** The chart in words: where the total started and ended over the days shown. */
export function balanceSummary(points: readonly BalancePoint[]): string {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return 'No balance yet.';
  const from = formatUsd(totalCents(first) / 100);
  const to = formatUsd(totalCents(last) / 100);
  if (first === last) return `${to} today.`;
  return `From ${from} on ${formatDay(`${first.date}T00:00:00.000Z`)} to ${to} today.`;
}

const money = (value: number) => formatUsd(value);

/**
 * The total balance by day (cash and invested), and today's split: drawn by the chart code, which is
 * fetched only once this section shows.
 */
export function BalanceChart({ points }: { points: readonly BalancePoint[] }) {
  const today = points.at(-1);
  return (
    <div className={styles.history}>
      {today && (
        <dl className={styles.split}>
          <div className={styles.splitItem}>
            <dt className={styles.splitTerm}>Investments</dt>
            <dd className={styles.splitValue}>
              <Money amount={today.invested} display="code" colored={false} />
            </dd>
          </div>
          <div className={styles.splitItem}>
            <dt className={styles.splitTerm}>Cash</dt>
            <dd className={styles.splitValue}>
              <Money amount={today.cash} display="code" colored={false} />
            </dd>
          </div>
        </dl>
      )}
      <FundChart
        title="Total balance by day"
        valueLabel="Total balance"
        points={balancePoints(points)}
        formatValue={money}
        summary={balanceSummary(points)}
        height={200}
      />
    </div>
  );
}
