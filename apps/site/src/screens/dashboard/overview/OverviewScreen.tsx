import {
  Badge,
  Button,
  Card,
  formatUsd,
  MarketTable,
  Money,
  Spinner,
  StatTile,
  TrendingList,
} from '@ledgerline/ui';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { DashboardPage } from '../../../shared/DashboardPage';
import { footnote } from '../../../shared/DashboardPage.css';
import { formatMarketTime } from './marketTime';
import * as styles from './OverviewScreen.css';
import {
  balanceHistoryQuery,
  marketQuery,
  type OverviewInfo,
  overviewInfoQuery,
  shouldShowNotification,
  trendingQuery,
} from './overviewData';

/**
 * The notification's dialog, with the HTML parser that sanitises its content: fetched only when there
 * is a notification to show, which most visits of the overview have not.
 */
const OverviewNotification = lazy(() =>
  import('./OverviewNotification').then((module) => ({ default: module.OverviewNotification })),
);

/** The balance chart, with the chart code it draws with: fetched after the page's first paint. */
const BalanceChart = lazy(() =>
  import('./BalanceChart').then((module) => ({ default: module.BalanceChart })),
);

type InfoState = { loading: boolean; info: OverviewInfo | undefined };

/** The balance summary's USD tiles, in this fixed order. */
const summaryTiles = [
  { label: 'Total Profit', field: 'profits' },
  { label: 'Total Deposits', field: 'deposits' },
  { label: 'Pending Deposits', field: 'pendingDeposits' },
  { label: 'Total Withdrawals', field: 'withdrawals' },
  { label: 'Pending Withdrawals', field: 'pendingWithdrawals' },
  { label: 'Bonus', field: 'bonus' },
] as const satisfies readonly { label: string; field: keyof OverviewInfo }[];

// An amount the server did not give (a failed load, ignored silently) is written as a dash.
const amountOf = (value: number | undefined) => value ?? '';

function BalanceCard({ loading, info }: InfoState) {
  return (
    <Card className={styles.balanceCard}>
      <div className={styles.balanceTop}>
        <h2 id="overview-balance" className={styles.balanceLabel}>
          Total Balance
        </h2>
        {info?.accountTier && (
          <p className={styles.tier}>
            <span>Account tier</span>
            <Badge tone="accent">{info.accountTier}</Badge>
          </p>
        )}
      </div>
      {loading ? (
        <div className={styles.balanceWaiting}>
          <Spinner label="Loading your balance" />
        </div>
      ) : (
        <>
          <p className={styles.balance}>
            <Money amount={amountOf(info?.totalBalance)} display="code" />
          </p>
          {info?.moneyEarned !== undefined && (
            <p className={styles.earned}>
              You Earned {formatUsd(info.moneyEarned, { display: 'code' })} This Week
            </p>
          )}
          {info && (
            <p className={styles.goal}>
              <span className={styles.goalLabel}>Investment goal:</span>{' '}
              <span>{info.investmentGoal ? info.investmentGoal : 'Not yet set'}</span>
            </p>
          )}
        </>
      )}
      <div className={styles.balanceActions}>
        <Button asChild>
          <Link to="/dashboard/deposit">Deposit</Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to="/dashboard/withdrawal">Withdraw</Link>
        </Button>
      </div>
    </Card>
  );
}

function BalanceSummary({ loading, info }: InfoState) {
  return (
    <section className={styles.section} aria-labelledby="overview-summary">
      <h2 id="overview-summary" className={styles.sectionTitle}>
        Balance summary
      </h2>
      <div className={styles.tiles}>
        {summaryTiles.map(({ label, field }) => (
          <StatTile
            key={field}
            label={label}
            amount={amountOf(info?.[field])}
            display="code"
            loading={loading}
          />
        ))}
      </div>
    </section>
  );
}

/** The total balance by day over the last 90 days, cash and investments: nothing when it fails to load. */
function BalanceHistorySection() {
  const history = useQuery(balanceHistoryQuery);
  if (history.isError) return null;
  const waiting = (
    <div className={styles.chartWaiting}>
      <Spinner label="Loading your balance by day" />
    </div>
  );
  return (
    <section aria-labelledby="overview-history">
      <Card title={<span id="overview-history">Balance over time</span>} titleAs="h2">
        {history.data ? (
          <Suspense fallback={waiting}>
            <BalanceChart points={history.data.points} />
          </Suspense>
        ) : (
          waiting
        )}
      </Card>
    </section>
  );
}

function MarketFootnote({ asOf, attribution }: { asOf: string; attribution: string }) {
  return (
    <p className={footnote}>
      <span>
        Prices as of <time dateTime={asOf}>{formatMarketTime(asOf)}</time>
      </span>
      <span>{attribution}</span>
    </p>
  );
}

/**
 * What a market section shows when the market data did not come, or came empty: that it is
 * unavailable, and a way to ask again. The service's own message is not for a person.
 */
function MarketUnavailable({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div className={styles.unavailable}>
      <p role="status">Market data unavailable</p>
      <Button variant="secondary" size="sm" onClick={onRetry} loading={retrying}>
        Try again
      </Button>
    </div>
  );
}

function TrendingSection() {
  const trending = useQuery(trendingQuery);
  if (trending.isError || trending.data?.items.length === 0) {
    return (
      <Card title="Trending" titleAs="h2">
        <MarketUnavailable onRetry={() => void trending.refetch()} retrying={trending.isFetching} />
      </Card>
    );
  }
  return (
    <Card title="Trending" titleAs="h2">
      <div className={styles.marketBody}>
        <TrendingList items={trending.data?.items ?? []} loading={trending.isPending} maxItems={3} />
        {trending.data && (
          <MarketFootnote asOf={trending.data.asOf} attribution={trending.data.attribution} />
        )}
      </div>
    </Card>
  );
}

function MarketSection() {
  const market = useQuery(marketQuery);
  if (market.isError || market.data?.items.length === 0) {
    return (
      <Card title="Market" titleAs="h2">
        <MarketUnavailable onRetry={() => void market.refetch()} retrying={market.isFetching} />
      </Card>
    );
  }
  return (
    <Card title="Market" titleAs="h2">
      <MarketTable
        coins={market.data?.items ?? []}
        maxRows={50}
        loading={market.isPending}
        asOf={market.data?.asOf}
        attribution={market.data?.attribution}
        caption="Cryptocurrency prices"
        captionHidden
      />
    </Card>
  );
}

/**
 * /dashboard/overview: the balance, its summary, the balance by day (cash and investments), the top 3
 * trending coins and the first 50 of the market, and the back office's notification when there is an
 * unseen one.
 */
export function OverviewScreen() {
  // A review, a posting or a new notification invalidates the figures (src/live/liveQueries.ts): they
  // load again, shown meanwhile.
  const overview = useQuery(overviewInfoQuery);
  const state: InfoState = { loading: overview.isPending, info: overview.data };
  return (
    <DashboardPage title="Overview">
      <div className={styles.top}>
        <BalanceCard {...state} />
        <BalanceSummary {...state} />
      </div>
      <BalanceHistorySection />
      <TrendingSection />
      <MarketSection />
      {overview.data?.notification && shouldShowNotification(overview.data.notification) && (
        <Suspense fallback={null}>
          {/* A different notification (set while the page is open) opens again, even after one was closed. */}
          <OverviewNotification
            key={`${overview.data.notification.title}\n${overview.data.notification.content}`}
            notification={overview.data.notification}
          />
        </Suspense>
      )}
    </DashboardPage>
  );
}
