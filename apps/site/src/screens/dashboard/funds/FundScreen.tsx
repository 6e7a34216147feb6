import type { components } from '@ledgerline/api-client';
import { Badge, Button, EmptyState, Money, Spinner, Table, visuallyHidden } from '@ledgerline/ui';
import {
  FundChart,
  formatNavPerUnit,
  formatSignedPercent,
  pastPerformanceWarning,
  RiskWarning,
} from '@ledgerline/ui/funds';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useReload } from '../../../api/queryClient';
import { DashboardPage } from '../../../shared/DashboardPage';
import { formatDateTime } from '../../../shared/formatDate';
import { useAvailableBalance } from '../withdrawal/useAvailableBalance';
import { FundFees } from './FundFees';
import * as styles from './FundScreen.css';
import {
  type ChartPeriod,
  chartPeriods,
  drawdownPoints,
  drawdownSummary,
  maxDrawdownPercent,
  navPoints,
  navSummary,
  pointsInPeriod,
} from './fundFigures';
import { fundQuery, usePortfolio } from './fundQueries';
import { commonRiskRules, strategyLabels, strategyWords } from './fundWords';
import { InvestDialog } from './InvestDialog';
import { PendingRequests } from './PendingRequests';
import { RedeemDialog } from './RedeemDialog';
import { WhatIf } from './WhatIf';

type FundDetail = components['schemas']['FundDetail'];

const navValue = (value: number) => formatNavPerUnit(value.toFixed(4));
const riskWords = { low: 'Low risk', medium: 'Medium risk', high: 'High risk' } as const;

/** The NAV chart with its period buttons, and the drawdown chart over the same period. */
function Performance({ history }: { history: FundDetail['navHistory'] }) {
  const [period, setPeriod] = useState<ChartPeriod>('all');
  const all = useMemo(() => navPoints(history), [history]);
  const nav = useMemo(() => pointsInPeriod(all, period), [all, period]);
  const drawdown = useMemo(() => drawdownPoints(nav), [nav]);
  const deepest = maxDrawdownPercent(history);
  return (
    <section className={styles.section} aria-labelledby="fund-performance">
      <h2 id="fund-performance" className={styles.sectionTitle}>
        Past performance
      </h2>
      <fieldset className={styles.periods}>
        <legend className={visuallyHidden}>Period</legend>
        {chartPeriods.map((choice) => (
          <Button
            key={choice.id}
            size="sm"
            variant={choice.id === period ? 'primary' : 'secondary'}
            aria-pressed={choice.id === period}
            onClick={() => setPeriod(choice.id)}
          >
            {choice.name}
          </Button>
        ))}
      </fieldset>
      <div className={styles.charts}>
        <FundChart title="NAV per unit" points={nav} formatValue={navValue} summary={navSummary(nav)} />
        <FundChart
          title="Drawdown"
          tone="danger"
          points={drawdown}
          formatValue={formatSignedPercent}
          valueLabel="Below the peak"
          summary={drawdownSummary(drawdown)}
        />
      </div>
      {deepest !== null && (
        <p className={styles.muted}>
          Largest fall from a peak since the fund started: {formatSignedPercent(-deepest)}.
        </p>
      )}
      <p className={styles.muted}>{pastPerformanceWarning}</p>
    </section>
  );
}

/** What the fund holds: each asset's quantity, price, value and share of the fund. */
function Holdings({ detail }: { detail: FundDetail }) {
  const total = detail.holdings.reduce((sum, holding) => sum + holding.value, 0);
  return (
    <section className={styles.section} aria-labelledby="fund-holdings">
      <h2 id="fund-holdings" className={styles.sectionTitle}>
        Holdings
      </h2>
      <Table.Root caption="What the fund holds" captionHidden>
        <Table.Head>
          <Table.Row>
            <Table.ColumnHeader>Asset</Table.ColumnHeader>
            <Table.ColumnHeader numeric>Quantity</Table.ColumnHeader>
            <Table.ColumnHeader numeric>Last price</Table.ColumnHeader>
            <Table.ColumnHeader numeric>Value</Table.ColumnHeader>
            <Table.ColumnHeader numeric>Share</Table.ColumnHeader>
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {detail.holdings.length === 0 ? (
            <Table.Empty colSpan={5}>The fund holds nothing yet.</Table.Empty>
          ) : (
            detail.holdings.map((holding) => (
              <Table.Row key={holding.asset}>
                <Table.RowHeader>{holding.asset === 'USD' ? 'Cash (USD)' : holding.asset}</Table.RowHeader>
                <Table.Cell numeric>{holding.quantity}</Table.Cell>
                <Table.Cell numeric>
                  {holding.price === null ? '—' : <Money amount={holding.price} />}
                </Table.Cell>
                <Table.Cell numeric>
                  <Money amount={holding.value} />
                </Table.Cell>
                <Table.Cell numeric>
                  {total > 0 ? `${((holding.value / total) * 100).toFixed(1)}%` : '—'}
                </Table.Cell>
              </Table.Row>
            ))
          )}
        </Table.Body>
      </Table.Root>
    </section>
  );
}

/** The fund's latest fills: time, side, quantity, price and fee. */
function RecentFills({ fills }: { fills: FundDetail['recentFills'] }) {
  return (
    <section className={styles.section} aria-labelledby="fund-fills">
      <h2 id="fund-fills" className={styles.sectionTitle}>
        Recent fills
      </h2>
      <Table.Root caption="The fund’s recent fills" captionHidden>
        <Table.Head>
          <Table.Row>
            <Table.ColumnHeader>Time</Table.ColumnHeader>
            <Table.ColumnHeader>Pair</Table.ColumnHeader>
            <Table.ColumnHeader>Side</Table.ColumnHeader>
            <Table.ColumnHeader numeric>Quantity</Table.ColumnHeader>
            <Table.ColumnHeader numeric>Price</Table.ColumnHeader>
            <Table.ColumnHeader numeric>Fee</Table.ColumnHeader>
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {fills.length === 0 ? (
            <Table.Empty colSpan={6}>No trades yet.</Table.Empty>
          ) : (
            fills.map((fill) => (
              <Table.Row key={fill.clientId}>
                <Table.RowHeader>{formatDateTime(fill.time)}</Table.RowHeader>
                <Table.Cell>{fill.pair}</Table.Cell>
                <Table.Cell>{fill.side === 'buy' ? 'Buy' : 'Sell'}</Table.Cell>
                <Table.Cell numeric>{fill.quantity}</Table.Cell>
                <Table.Cell numeric>
                  <Money amount={fill.price} />
                </Table.Cell>
                <Table.Cell numeric>
                  <Money amount={fill.fee} />
                </Table.Cell>
              </Table.Row>
            ))
          )}
        </Table.Body>
      </Table.Root>
    </section>
  );
}

export type FundScreenProps = {
  /** The fund's id, from the route. */
  fundId: string;
};

/**
 * /dashboard/funds/$fundId: a fund's fact sheet. Its figures, the investor's holding and requests
 * waiting for a valuation, the NAV and drawdown charts, what it holds, its strategy and risk rules in
 * plain words, how its trades are filled and what it costs, its recent fills, and a "what if" that
 * simulates the fund over a past period; Invest and Redeem.
 * The risk warning stands first: the page sells the fund.
 */
export function FundScreen({ fundId }: FundScreenProps) {
  const query = fundQuery(fundId);
  const fund = useQuery(query);
  const portfolio = usePortfolio();
  const reload = useReload(query.queryKey);
  const [balance] = useAvailableBalance();
  const [dialog, setDialog] = useState<'invest' | 'redeem' | null>(null);

  if (fund.isPending) {
    return (
      <DashboardPage title="Fund">
        <Spinner label="Loading the fund" />
      </DashboardPage>
    );
  }
  if (fund.isError) {
    return (
      <DashboardPage title="Fund">
        <EmptyState
          title="The fund could not be loaded"
          description={fund.error.msg}
          action={
            <Button variant="secondary" onClick={reload}>
              Try again
            </Button>
          }
        />
      </DashboardPage>
    );
  }

  const detail = fund.data;
  const summary = detail.fund;
  const holding = portfolio.data?.holdings.find((candidate) => candidate.fundId === fundId);
  const pending = portfolio.data?.pendingRequests.filter((request) => request.fundId === fundId) ?? [];
  const words = strategyWords[summary.strategy];
  const heldUnits = holding && Number(holding.units) > 0;

  return (
    <DashboardPage
      title={summary.name}
      brief={`${strategyLabels[summary.strategy]} on ${summary.pairs.join(', ')}, ${summary.timeframe} candles.`}
      actions={
        <>
          {heldUnits && (
            <Button variant="secondary" onClick={() => setDialog('redeem')}>
              Redeem
            </Button>
          )}
          {summary.status === 'trading' && <Button onClick={() => setDialog('invest')}>Invest</Button>}
        </>
      }
    >
      <RiskWarning />
      {summary.status === 'paused' && (
        <p className={styles.paused}>
          <strong>This fund is paused.</strong> It places no order and takes no new investment.{' '}
          {summary.statusReason}
        </p>
      )}
      <section className={styles.section} aria-labelledby="fund-figures">
        <h2 id="fund-figures" className={styles.sectionTitle}>
          Key figures
        </h2>
        <dl className={styles.figures}>
          <div className={styles.figure}>
            <dt className={styles.term}>NAV per unit</dt>
            <dd className={styles.value}>{formatNavPerUnit(summary.navPerUnit)}</dd>
          </div>
          <div className={styles.figure}>
            <dt className={styles.term}>Fund size (NAV)</dt>
            <dd className={styles.value}>
              <Money amount={detail.nav} />
            </dd>
          </div>
          <div className={styles.figure}>
            <dt className={styles.term}>Minimum investment</dt>
            <dd className={styles.value}>
              <Money amount={summary.minimumInvestment} />
            </dd>
          </div>
          <div className={styles.figure}>
            <dt className={styles.term}>Risk</dt>
            <dd className={styles.value}>
              <Badge
                tone={
                  summary.riskLevel === 'high'
                    ? 'danger'
                    : summary.riskLevel === 'medium'
                      ? 'warning'
                      : 'info'
                }
              >
                {riskWords[summary.riskLevel]}
              </Badge>
            </dd>
          </div>
        </dl>
        <p className={styles.muted}>
          {summary.valuedAt
            ? `Last valued ${formatDateTime(summary.valuedAt)}.`
            : 'Not valued yet: the first valuation sets the NAV per unit.'}
        </p>
      </section>
      {(holding || pending.length > 0) && (
        <section className={styles.section} aria-labelledby="fund-yours">
          <h2 id="fund-yours" className={styles.sectionTitle}>
            Your investment
          </h2>
          {holding && (
            <p className={styles.text}>
              You hold {holding.units} units, worth <Money amount={holding.value} /> at the last NAV per unit.
            </p>
          )}
          {pending.length > 0 && <PendingRequests requests={pending} />}
        </section>
      )}
      <Performance history={detail.navHistory} />
      <Holdings detail={detail} />
      <section className={styles.section} aria-labelledby="fund-strategy">
        <h2 id="fund-strategy" className={styles.sectionTitle}>
          Strategy and risk rules
        </h2>
        <p className={styles.text}>{words.does}</p>
        <ul className={styles.list}>
          {[...words.rules, ...commonRiskRules].map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
      </section>
      <section className={styles.section} aria-labelledby="fund-costs">
        <h2 id="fund-costs" className={styles.sectionTitle}>
          How trades are filled, and fees
        </h2>
        <p className={styles.text}>
          Trades are simulated at a real exchange's prices (paper trading): a market order fills at the next
          candle's opening price, moved against the fund by the slippage below, and a limit order fills at its
          price when the market reaches it. Investments and redemptions are priced at the NAV per unit of the
          next valuation after the request, never at a price already known.
        </p>
        <FundFees fees={summary.fees} />
      </section>
      <RecentFills fills={detail.recentFills} />
      <WhatIf fund={summary} />
      <InvestDialog
        fund={summary}
        balance={balance}
        open={dialog === 'invest'}
        onOpenChange={(open) => setDialog(open ? 'invest' : null)}
      />
      {holding && (
        <RedeemDialog
          fund={summary}
          holding={holding}
          open={dialog === 'redeem'}
          onOpenChange={(open) => setDialog(open ? 'redeem' : null)}
        />
      )}
    </DashboardPage>
  );
}
