import type { Schemas } from '@ledgerline/api-client';
import { Button, Card, EmptyState, Money, Spinner, Table } from '@ledgerline/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { RoutePath } from '../../../layout/navigation';
import { SiteLink } from '../../../layout/siteNavigation';
import { DashboardPage } from '../../../shared/DashboardPage';
import { formatDateTime } from '../../../shared/formatDate';
import { summaryQuery } from '../summaryQuery';
import { TradingAlerts } from '../trading/TradingAlerts';
import { adminTradingQuery } from '../trading/tradingQueries';
import * as styles from './TodayScreen.css';

/** The ledger's accounts as an operator names them. */
const accountLabels: Record<Schemas['LedgerAccountKind'], string> = {
  deposits_received: 'Deposits received',
  withdrawals_paid: 'Withdrawals paid',
  profit_paid: 'Profit paid',
  bonus_paid: 'Bonus paid',
  adjustments: 'Adjustments',
  available: 'Owed to users: available',
  held: 'Owed to users: held for withdrawals',
  pending_investment: 'Owed to users: waiting for a fund',
  fund_units: 'Units held by users',
  fund_cash: 'Funds: cash',
  fund_coin: 'Funds: coins',
  fund_units_outstanding: 'Funds: units in issue',
  exchange: 'Funds: exchange',
  exchange_fees: 'Funds: exchange fees',
  management_fees: 'Funds: management fees',
};

/** How long the oldest request has waited, in the largest whole unit. */
function waitedFor(since: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}

function QueueCard({
  title,
  href,
  linkLabel,
  count,
  total,
  oldestAt,
  now,
}: {
  title: string;
  href: RoutePath;
  linkLabel: string;
  count: number;
  total?: number;
  oldestAt: string | null;
  now: number;
}) {
  return (
    <Card className={styles.queue}>
      <h2 className={styles.queueTitle}>{title}</h2>
      <p className={styles.count}>
        {count} <span className={styles.countLabel}>pending</span>
      </p>
      {total !== undefined && (
        <p className={styles.line}>
          <Money amount={total} display="code" colored={false} /> in all
        </p>
      )}
      <p className={styles.line}>
        {oldestAt ? (
          <>
            Oldest waiting{' '}
            <time dateTime={oldestAt} title={formatDateTime(oldestAt)}>
              {waitedFor(oldestAt, now)}
            </time>
          </>
        ) : (
          'Nothing waiting'
        )}
      </p>
      <SiteLink className={styles.link} href={href}>
        {linkLabel}
      </SiteLink>
    </Card>
  );
}

/**
 * /admin: the trading desk's alerts, what waits for review (count, total, how long the oldest has
 * waited, per queue), and the platform's ledger as a trial balance computed from its entries, which
 * sums to zero.
 */
export function TodayScreen({
  now = Date.now(),
}: {
  /** When the waits are counted from. @default now */ now?: number;
}) {
  // A request entering or leaving a queue invalidates the counts and the ledger
  // (src/live/liveQueries.ts): they load again.
  const summary = useQuery(summaryQuery);
  // The trading desk's alerts (stale prices, a tripped breaker, books that differ) come first.
  const desk = useQuery(adminTradingQuery);
  const queryClient = useQueryClient();
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: summaryQuery.queryKey });
    void queryClient.invalidateQueries({ queryKey: adminTradingQuery.queryKey });
  };

  return (
    <DashboardPage
      title="Today"
      brief="What waits for review, and the ledger's accounts."
      actions={
        <Button variant="secondary" onClick={reload}>
          Refresh
        </Button>
      }
    >
      {desk.data && <TradingAlerts funds={desk.data.funds} />}
      {summary.isPending ? (
        <div className={styles.loading}>
          <Spinner label="Loading today's figures" size="lg" />
        </div>
      ) : summary.isError ? (
        <EmptyState title="Today's figures could not be loaded" description={summary.error.msg} />
      ) : (
        <>
          <section aria-label="Waiting for review" className={styles.queues}>
            <QueueCard
              title="Deposits"
              href="/admin/deposits"
              linkLabel="Open the deposit queue"
              now={now}
              {...summary.data.queues.deposits}
            />
            <QueueCard
              title="Withdrawals"
              href="/admin/withdrawals"
              linkLabel="Open the withdrawal queue"
              now={now}
              {...summary.data.queues.withdrawals}
            />
            <QueueCard
              title="KYC"
              href="/admin/kyc"
              linkLabel="Open the KYC queue"
              now={now}
              {...summary.data.queues.kyc}
            />
          </section>
          <Card padding="none">
            <Table.Root caption="Trial balance">
              <Table.Head>
                <Table.Row>
                  <Table.ColumnHeader>Account</Table.ColumnHeader>
                  <Table.ColumnHeader numeric>Balance</Table.ColumnHeader>
                </Table.Row>
              </Table.Head>
              <Table.Body>
                {summary.data.trialBalance.lines.map((line) => (
                  <Table.Row key={line.account}>
                    <Table.RowHeader>{accountLabels[line.account]}</Table.RowHeader>
                    <Table.Cell numeric>
                      <Money amount={line.balance} display="code" colored={false} />
                    </Table.Cell>
                  </Table.Row>
                ))}
                <Table.Row>
                  <Table.RowHeader className={styles.total}>
                    Total (zero when the ledger balances)
                  </Table.RowHeader>
                  <Table.Cell numeric className={styles.total}>
                    <Money amount={summary.data.trialBalance.total} display="code" colored={false} />
                  </Table.Cell>
                </Table.Row>
              </Table.Body>
            </Table.Root>
          </Card>
        </>
      )}
    </DashboardPage>
  );
}
