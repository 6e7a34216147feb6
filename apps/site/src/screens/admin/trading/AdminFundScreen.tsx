import { ApiError, type Schemas, unwrap } from '@ledgerline/api-client';
import { Button, Card, EmptyState, Money, Select, Spinner, Table } from '@ledgerline/ui';
import { formatNavPerUnit } from '@ledgerline/ui/funds';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { api } from '../../../api/api';
import { useKeysetQuery } from '../../../api/keysetQuery';
import { useReload } from '../../../api/queryClient';
import { BacktestComparison } from '../../../shared/backtests/BacktestComparison';
import { DashboardPage } from '../../../shared/DashboardPage';
import { formatDateTime } from '../../../shared/formatDate';
import { queryPageSize } from '../review/QueueFilters';
import { ReviewQueue } from '../review/ReviewQueue';
import {
  drawdownText,
  nearBreaker,
  percentOf,
  settingFields,
  settingText,
  settingValue,
  todayText,
} from './deskWords';
import { FundPauseDialog } from './FundPauseDialog';
import { FundSettingsDialog } from './FundSettingsDialog';
import { TradingAlerts } from './TradingAlerts';
import { Age, Exposure, FundStatus, RiskEventsTable } from './TradingDeskScreen';
import * as styles from './TradingScreens.css';
import { adminFundQuery } from './tradingQueries';

type AdminFund = Schemas['AdminFund'];
type Fill = Schemas['FundFillEntry'];

const strategyNames: Record<Schemas['StrategyKind'], string> = {
  'recurring-buy': 'Recurring buy',
  index: 'Index',
  trend: 'Trend following',
};

function Figure({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className={styles.figure}>
      <dt className={styles.term}>{term}</dt>
      <dd className={styles.value}>{children}</dd>
    </div>
  );
}

/** The fund's figures now: status, money, NAV, today, drawdown against its breaker, ages. */
function Figures({ fund, now }: { fund: AdminFund; now: number }) {
  return (
    <Card>
      <dl className={styles.figures}>
        <Figure term="Status">
          <FundStatus fund={fund} />
        </Figure>
        <Figure term="Under management">
          <Money amount={fund.nav} display="symbol" colored={false} />
        </Figure>
        <Figure term="NAV per unit">{formatNavPerUnit(fund.fund.navPerUnit)}</Figure>
        <Figure term="Units in issue">{fund.unitsOutstanding}</Figure>
        <Figure term="Holders">{fund.holders}</Figure>
        <Figure term="Today">{todayText(fund.todayReturn)}</Figure>
        <Figure term="Drawdown / breaker">
          <span className={nearBreaker(fund) ? styles.warningText : undefined}>{drawdownText(fund)}</span>
        </Figure>
        <Figure term="Largest drawdown">{percentOf(fund.fund.maxDrawdown)}</Figure>
        <Figure term="Last valuation">
          <Age at={fund.fund.valuedAt} now={now} />
        </Figure>
        <Figure term="Prices">
          <Age at={fund.pricesAt} now={now} />
        </Figure>
      </dl>
      {fund.fund.statusReason && <p className={styles.muted}>{fund.fund.statusReason}</p>}
    </Card>
  );
}

/** Every setting of the fund as it trades now. */
function Settings({ fund }: { fund: AdminFund }) {
  const { settings } = fund;
  const pairs =
    'weights' in settings.strategy && settings.strategy.weights
      ? Object.entries(settings.strategy.weights)
          .map(([pair, weight]) => `${pair} ${weight}%`)
          .join(', ')
      : fund.fund.pairs.join(', ');
  return (
    <Card padding="none">
      <Table.Root caption="Settings as the fund trades now" captionHidden>
        <Table.Body>
          <Table.Row>
            <Table.RowHeader>Strategy</Table.RowHeader>
            <Table.Cell>
              {strategyNames[settings.strategy.kind]} on {settings.strategy.timeframe} candles
            </Table.Cell>
          </Table.Row>
          <Table.Row>
            <Table.RowHeader>Pairs</Table.RowHeader>
            <Table.Cell>{pairs}</Table.Cell>
          </Table.Row>
          {settingFields(settings).map((field) => (
            <Table.Row key={field.path}>
              <Table.RowHeader>{field.label}</Table.RowHeader>
              <Table.Cell>{settingText(field, settingValue(settings, field.path))}</Table.Cell>
            </Table.Row>
          ))}
          <Table.Row>
            <Table.RowHeader>Stale prices after</Table.RowHeader>
            <Table.Cell>
              {settings.risk.maxDataAgeMs === null || settings.risk.maxDataAgeMs === undefined
                ? 'Two candles'
                : `${settings.risk.maxDataAgeMs / 60_000} min`}
            </Table.Cell>
          </Table.Row>
          <Table.Row>
            <Table.RowHeader>Risk level</Table.RowHeader>
            <Table.Cell>{settings.riskLevel}</Table.Cell>
          </Table.Row>
        </Table.Body>
      </Table.Root>
    </Card>
  );
}

type SideFilter = 'all' | 'buy' | 'sell';

/** The fund's fills, newest first, a page at a time; only buys or sells, only one pair. */
function FillsLog({ fund }: { fund: AdminFund }) {
  const [side, setSide] = useState<SideFilter>('all');
  const [pair, setPair] = useState('all');
  const query = {
    ...(side === 'all' ? {} : { side }),
    ...(pair === 'all' ? {} : { pair }),
  };
  const fundId = fund.fund._id;
  const { state, loadMore, reload } = useKeysetQuery<Fill>(
    ['get', '/funds/{fundId}/fills', { params: { path: { fundId }, query } }],
    (cursor, signal) =>
      unwrap(
        api.GET('/funds/{fundId}/fills', {
          params: { path: { fundId }, query: { ...query, limit: queryPageSize, cursor } },
          signal,
        }),
      ),
  );
  return (
    <ReviewQueue
      state={state}
      loadMore={loadMore}
      reload={reload}
      plural="fills"
      singular="fill"
      caption="Fills, newest first"
      emptyTitle={side === 'all' && pair === 'all' ? 'No fill yet' : 'No fill matches these filters'}
      filters={
        <div className={styles.filters}>
          <Select
            label="Side"
            options={[
              { value: 'all', label: 'Buys and sells' },
              { value: 'buy', label: 'Buys' },
              { value: 'sell', label: 'Sells' },
            ]}
            value={side}
            onValueChange={(value) => setSide(value as SideFilter)}
          />
          <Select
            label="Pair"
            options={[
              { value: 'all', label: 'Every pair' },
              ...fund.fund.pairs.map((candidate) => ({ value: candidate, label: candidate })),
            ]}
            value={pair}
            onValueChange={setPair}
          />
        </div>
      }
      columns={
        <Table.Row>
          <Table.ColumnHeader>Time</Table.ColumnHeader>
          <Table.ColumnHeader>Side</Table.ColumnHeader>
          <Table.ColumnHeader>Pair</Table.ColumnHeader>
          <Table.ColumnHeader numeric>Quantity</Table.ColumnHeader>
          <Table.ColumnHeader numeric>Price</Table.ColumnHeader>
          <Table.ColumnHeader numeric>Value</Table.ColumnHeader>
          <Table.ColumnHeader numeric>Fee</Table.ColumnHeader>
          <Table.ColumnHeader>Why</Table.ColumnHeader>
          <Table.ColumnHeader>Order</Table.ColumnHeader>
        </Table.Row>
      }
      row={(fill) => (
        <Table.Row key={fill._id}>
          <Table.Cell>
            <time dateTime={fill.time} className={styles.nowrap}>
              {formatDateTime(fill.time)}
            </time>
          </Table.Cell>
          <Table.Cell>{fill.side === 'buy' ? 'Buy' : 'Sell'}</Table.Cell>
          <Table.Cell>{fill.pair}</Table.Cell>
          <Table.Cell numeric>{Number(fill.quantity).toString()}</Table.Cell>
          <Table.Cell numeric>
            <Money amount={fill.price} display="symbol" colored={false} />
          </Table.Cell>
          <Table.Cell numeric>
            <Money amount={fill.notional} display="symbol" colored={false} />
          </Table.Cell>
          <Table.Cell numeric>
            <Money amount={fill.fee} display="symbol" colored={false} /> {fill.feeAsset}
          </Table.Cell>
          <Table.Cell>{fill.reason}</Table.Cell>
          <Table.Cell>
            <code className={styles.muted}>{fill.clientId}</code>
          </Table.Cell>
        </Table.Row>
      )}
    />
  );
}

export type AdminFundScreenProps = {
  fundId: string;
  /** When ages are counted from. @default now */
  now?: number;
};

/**
 * /admin/trading/$fundId: one fund on the trading desk. Its alerts and figures; pause or resume it;
 * change its settings (reviewed change by change, and backtested against the current ones, before
 * saving); its exposure, settings, orders and
 * fills (filtered by side and pair), its risk events with their reasons, and a reconciliation of its
 * books with its ledger accounts made as the page loads.
 */
export function AdminFundScreen({ fundId, now = Date.now() }: AdminFundScreenProps) {
  const detail = useQuery(adminFundQuery(fundId));
  const reload = useReload(adminFundQuery(fundId).queryKey);
  const [pausing, setPausing] = useState(false);
  const [editing, setEditing] = useState(false);

  if (detail.isPending) {
    return (
      <DashboardPage title="Fund">
        <div className={styles.loading}>
          <Spinner label="Loading the fund" size="lg" />
        </div>
      </DashboardPage>
    );
  }
  if (detail.isError) {
    return (
      <DashboardPage title="Fund">
        <EmptyState
          title={
            detail.error instanceof ApiError && detail.error.status === 404
              ? 'No such fund'
              : 'The fund could not be loaded'
          }
          description={detail.error.msg}
        />
      </DashboardPage>
    );
  }

  const { fund, riskEvents, reconciliation, reconciliations } = detail.data;
  const stopped = fund.paused || fund.fund.status === 'paused';
  return (
    <DashboardPage
      title={fund.fund.name}
      brief={`${strategyNames[fund.settings.strategy.kind]} · ${fund.fund.pairs.join(', ')}`}
      actions={
        <>
          <Button variant="secondary" onClick={reload}>
            Refresh
          </Button>
          <Button variant="secondary" aria-haspopup="dialog" onClick={() => setEditing(true)}>
            Change settings
          </Button>
          <Button
            variant={stopped ? 'primary' : 'danger'}
            aria-haspopup="dialog"
            onClick={() => setPausing(true)}
          >
            {stopped ? 'Resume fund' : 'Pause fund'}
          </Button>
        </>
      }
    >
      <TradingAlerts funds={[fund]} linkFunds={false} />
      <Figures fund={fund} now={now} />
      <section className={styles.section} aria-labelledby="fund-exposure">
        <h2 id="fund-exposure" className={styles.sectionTitle}>
          Exposure
        </h2>
        <Card>
          <Exposure fund={fund} />
        </Card>
      </section>
      <section className={styles.section} aria-labelledby="fund-settings">
        <h2 id="fund-settings" className={styles.sectionTitle}>
          Settings
        </h2>
        <Settings fund={fund} />
      </section>
      <section className={styles.section} aria-labelledby="fund-fills">
        <h2 id="fund-fills" className={styles.sectionTitle}>
          Orders and fills
        </h2>
        <FillsLog fund={fund} />
      </section>
      <section className={styles.section} aria-labelledby="fund-events">
        <h2 id="fund-events" className={styles.sectionTitle}>
          Risk events
        </h2>
        <RiskEventsTable events={riskEvents} caption="This fund’s risk events" />
      </section>
      <section className={styles.section} aria-labelledby="fund-reconciliation">
        <h2 id="fund-reconciliation" className={styles.sectionTitle}>
          Reconciliation
        </h2>
        <Card>
          {reconciliation.differences.length === 0 ? (
            <p className={styles.agreed}>
              Books and ledger agree (checked {formatDateTime(reconciliation.checkedAt)}).
            </p>
          ) : (
            <>
              <p className={styles.warningText}>
                Books and ledger differ (checked {formatDateTime(reconciliation.checkedAt)}):
              </p>
              <ul className={styles.changes}>
                {reconciliation.differences.map((difference) => (
                  <li key={difference}>{difference}</li>
                ))}
              </ul>
            </>
          )}
        </Card>
        {reconciliations.length > 0 && (
          <Card padding="none">
            <Table.Root caption="Checks after each trading round, newest first">
              <Table.Head>
                <Table.Row>
                  <Table.ColumnHeader>Checked</Table.ColumnHeader>
                  <Table.ColumnHeader>Result</Table.ColumnHeader>
                </Table.Row>
              </Table.Head>
              <Table.Body>
                {reconciliations.map((check) => (
                  <Table.Row key={check.checkedAt}>
                    <Table.Cell>
                      <time dateTime={check.checkedAt} className={styles.nowrap}>
                        {formatDateTime(check.checkedAt)}
                      </time>
                    </Table.Cell>
                    <Table.Cell>
                      {check.differences.length === 0
                        ? 'Agreed'
                        : `Differed: ${check.differences.join('; ')}`}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Card>
        )}
      </section>
      <FundPauseDialog fund={fund} open={pausing} onOpenChange={setPausing} />
      <FundSettingsDialog
        fund={fund}
        open={editing}
        onOpenChange={setEditing}
        // Before a change is saved, the operator may backtest the fund as it is against the change.
        compare={(proposed) => (
          <BacktestComparison
            left={{ label: 'Current settings', configuration: { fundId: fund.fund._id } }}
            right={{
              label: 'Proposed settings',
              configuration: { strategy: proposed.strategy, risk: proposed.risk, fees: proposed.fees },
            }}
            runLabel="Backtest both"
            timeframe={proposed.strategy.timeframe}
          />
        )}
      />
    </DashboardPage>
  );
}
