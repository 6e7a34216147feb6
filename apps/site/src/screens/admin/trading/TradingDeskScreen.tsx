import type { Schemas } from '@ledgerline/api-client';
import { Badge, Button, Card, EmptyState, Money, Spinner, Table, visuallyHidden } from '@ledgerline/ui';
import { formatNavPerUnit } from '@ledgerline/ui/funds';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useReload } from '../../../api/queryClient';
import { DashboardPage } from '../../../shared/DashboardPage';
import { formatDateTime } from '../../../shared/formatDate';
import { ageText, drawdownText, nearBreaker, ruleName, todayText } from './deskWords';
import { TradingAlerts } from './TradingAlerts';
import * as styles from './TradingScreens.css';
import { TradingSwitchDialog } from './TradingSwitchDialog';
import { adminTradingQuery } from './tradingQueries';

type AdminFund = Schemas['AdminFund'];
type RiskEvent = Schemas['RiskEventView'];

/** A fund's status as a badge, with why it does not trade. */
export function FundStatus({ fund }: { fund: AdminFund }) {
  return fund.fund.status === 'trading' ? (
    <Badge tone="success">Trading</Badge>
  ) : (
    <Badge tone="warning">Paused</Badge>
  );
}

/** When something happened and how long ago: "3 h ago", with the exact time on hover. */
export function Age({ at, now }: { at: string | null; now: number }) {
  if (at === null) return <span>Never</span>;
  return (
    <time dateTime={at} title={formatDateTime(at)} className={styles.nowrap}>
      {ageText(at, now)} ago
    </time>
  );
}

/** The global switch: on, or paused with why, by whom and when; and the control that moves it. */
function SwitchCard({ trading }: { trading: Schemas['TradingSwitch'] }) {
  const [open, setOpen] = useState(false);
  return (
    <Card>
      <div className={styles.switchCard}>
        <div className={styles.switchText}>
          <h2 className={styles.switchTitle}>{trading.paused ? 'All trading is paused' : 'Trading is on'}</h2>
          <p className={styles.muted}>
            {trading.paused
              ? `${trading.reason ?? 'No reason given'}. Paused by ${trading.changedBy ?? 'an admin'}${trading.changedAt ? ` on ${formatDateTime(trading.changedAt)}` : ''}.`
              : 'Each fund trades unless it is paused itself.'}
          </p>
        </div>
        <Button
          variant={trading.paused ? 'primary' : 'danger'}
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
        >
          {trading.paused ? 'Resume trading' : 'Pause all trading'}
        </Button>
      </div>
      <TradingSwitchDialog trading={trading} open={open} onOpenChange={setOpen} />
    </Card>
  );
}

/** Risk events, newest first: when, which fund, the rule, what it did and why. */
export function RiskEventsTable({
  events,
  fundNames,
  caption,
}: {
  events: readonly RiskEvent[];
  /** Each fund's name by id; absent on one fund's own page. */
  fundNames?: ReadonlyMap<string, string>;
  caption: string;
}) {
  if (events.length === 0) {
    return (
      <EmptyState title="No risk events" description="No rule has refused, reduced or paused a trade." />
    );
  }
  return (
    <Card padding="none">
      <Table.Root caption={caption} captionHidden>
        <Table.Head>
          <Table.Row>
            <Table.ColumnHeader>Time</Table.ColumnHeader>
            {fundNames && <Table.ColumnHeader>Fund</Table.ColumnHeader>}
            <Table.ColumnHeader>Rule</Table.ColumnHeader>
            <Table.ColumnHeader>Action</Table.ColumnHeader>
            <Table.ColumnHeader>Reason</Table.ColumnHeader>
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {events.map((event) => (
            <Table.Row key={event._id}>
              <Table.Cell>
                <time dateTime={event.time} className={styles.nowrap}>
                  {formatDateTime(event.time)}
                </time>
              </Table.Cell>
              {fundNames && <Table.Cell>{fundNames.get(event.fundId) ?? 'A removed fund'}</Table.Cell>}
              <Table.Cell>{ruleName(event.rule)}</Table.Cell>
              <Table.Cell>{event.action}</Table.Cell>
              <Table.Cell>{event.reason}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Card>
  );
}

/** What a fund holds in coins, at the last prices: "0.054 BTC · $5,210.46". */
export function Exposure({ fund }: { fund: AdminFund }) {
  if (fund.exposure.length === 0) return <span>All in cash</span>;
  return (
    <ul className={styles.exposure}>
      {fund.exposure.map((holding) => (
        <li key={holding.asset} className={styles.nowrap}>
          {Number(holding.quantity).toString()} {holding.asset} ·{' '}
          <Money amount={holding.value} display="symbol" colored={false} />
        </li>
      ))}
    </ul>
  );
}

/**
 * /admin/trading: the trading desk. Alerts first (stale prices, a tripped breaker, books that differ
 * from the ledger), the global switch, then every fund: status, assets under management, NAV per
 * unit, exposure, today's result, drawdown against its breaker, its last valuation and the age of
 * its prices; then the latest risk events of all funds.
 */
export function TradingDeskScreen({
  now = Date.now(),
}: {
  /** When ages are counted from. @default now */ now?: number;
}) {
  const desk = useQuery(adminTradingQuery);
  const reload = useReload(adminTradingQuery.queryKey);
  const fundNames = new Map(desk.data?.funds.map((item) => [item.fund._id, item.fund.name]));

  return (
    <DashboardPage
      title="Trading"
      brief="Every fund's status and figures, and the switch that stops all trading."
      actions={
        <Button variant="secondary" onClick={reload}>
          Refresh
        </Button>
      }
    >
      {desk.isPending ? (
        <div className={styles.loading}>
          <Spinner label="Loading the trading desk" size="lg" />
        </div>
      ) : desk.isError ? (
        <EmptyState title="The trading desk could not be loaded" description={desk.error.msg} />
      ) : (
        <>
          <TradingAlerts funds={desk.data.funds} />
          <SwitchCard trading={desk.data.trading} />
          <section className={styles.section} aria-labelledby="desk-funds">
            <h2 id="desk-funds" className={styles.sectionTitle}>
              Funds
            </h2>
            {desk.data.funds.length === 0 ? (
              <EmptyState title="No fund yet" description="Funds an admin creates are listed here." />
            ) : (
              <Card padding="none">
                <Table.Root caption="Every fund’s figures" captionHidden>
                  <Table.Head>
                    <Table.Row>
                      <Table.ColumnHeader>Fund</Table.ColumnHeader>
                      <Table.ColumnHeader numeric>Under management</Table.ColumnHeader>
                      <Table.ColumnHeader numeric>NAV per unit</Table.ColumnHeader>
                      <Table.ColumnHeader>Exposure</Table.ColumnHeader>
                      <Table.ColumnHeader numeric>Today</Table.ColumnHeader>
                      <Table.ColumnHeader>Drawdown / breaker</Table.ColumnHeader>
                      <Table.ColumnHeader>Last valuation</Table.ColumnHeader>
                      <Table.ColumnHeader>Prices</Table.ColumnHeader>
                      <Table.ColumnHeader>
                        <span className={visuallyHidden}>Actions</span>
                      </Table.ColumnHeader>
                    </Table.Row>
                  </Table.Head>
                  <Table.Body>
                    {desk.data.funds.map((item) => (
                      <Table.Row key={item.fund._id}>
                        <Table.RowHeader>
                          <span className={styles.fundName}>
                            {item.fund.name}
                            <span>
                              <FundStatus fund={item} />
                            </span>
                            {item.fund.statusReason && (
                              <span className={styles.muted}>{item.fund.statusReason}</span>
                            )}
                          </span>
                        </Table.RowHeader>
                        <Table.Cell numeric>
                          <Money amount={item.nav} display="symbol" colored={false} />
                          <span className={styles.muted}>
                            {' '}
                            · {item.holders} {item.holders === 1 ? 'holder' : 'holders'}
                          </span>
                        </Table.Cell>
                        <Table.Cell numeric>{formatNavPerUnit(item.fund.navPerUnit)}</Table.Cell>
                        <Table.Cell>
                          <Exposure fund={item} />
                        </Table.Cell>
                        <Table.Cell numeric>{todayText(item.todayReturn)}</Table.Cell>
                        <Table.Cell>
                          <span className={nearBreaker(item) ? styles.warningText : undefined}>
                            {drawdownText(item)}
                          </span>
                        </Table.Cell>
                        <Table.Cell>
                          <Age at={item.fund.valuedAt} now={now} />
                        </Table.Cell>
                        <Table.Cell>
                          <Age at={item.pricesAt} now={now} />
                        </Table.Cell>
                        <Table.Cell>
                          <Link
                            className={styles.link}
                            to="/admin/trading/$fundId"
                            params={{ fundId: item.fund._id }}
                          >
                            Open<span className={visuallyHidden}> {item.fund.name}</span>
                          </Link>
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Card>
            )}
          </section>
          <section className={styles.section} aria-labelledby="desk-events">
            <h2 id="desk-events" className={styles.sectionTitle}>
              Latest risk events
            </h2>
            <RiskEventsTable
              events={desk.data.riskEvents}
              fundNames={fundNames}
              caption="Risk events of all funds"
            />
          </section>
        </>
      )}
    </DashboardPage>
  );
}
