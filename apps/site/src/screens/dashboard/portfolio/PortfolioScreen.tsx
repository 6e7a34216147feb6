import type { components } from '@ledgerline/api-client';
import { Button, EmptyState, Money, Spinner, Table } from '@ledgerline/ui';
import { formatNavPerUnit, formatSignedPercent } from '@ledgerline/ui/funds';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useReload } from '../../../api/queryClient';
import { DashboardPage } from '../../../shared/DashboardPage';
import { portfolioQuery, usePortfolio } from '../funds/fundQueries';
import { PendingRequests } from '../funds/PendingRequests';
import * as styles from './PortfolioScreen.css';

type Portfolio = components['schemas']['Portfolio'];
type Holding = Portfolio['holdings'][number];

/** Profit as a share of what went in; null when nothing net went in (a gain on nothing has no percent). */
function profitPercent(holding: Holding): number | null {
  return holding.netContributions > 0 ? (holding.profit / holding.netContributions) * 100 : null;
}

const shareFormat = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

function Holdings({ holdings }: { holdings: Holding[] }) {
  return (
    <Table.Root caption="The funds you hold" captionHidden>
      <Table.Head>
        <Table.Row>
          <Table.ColumnHeader>Fund</Table.ColumnHeader>
          <Table.ColumnHeader numeric>Units</Table.ColumnHeader>
          <Table.ColumnHeader numeric>NAV per unit</Table.ColumnHeader>
          <Table.ColumnHeader numeric>Value</Table.ColumnHeader>
          <Table.ColumnHeader numeric>Contributions</Table.ColumnHeader>
          <Table.ColumnHeader numeric>Profit</Table.ColumnHeader>
          <Table.ColumnHeader numeric>Profit %</Table.ColumnHeader>
        </Table.Row>
      </Table.Head>
      <Table.Body>
        {holdings.map((holding) => {
          const percent = profitPercent(holding);
          return (
            <Table.Row key={holding.fundId}>
              <Table.RowHeader>
                <Link
                  className={styles.link}
                  to="/dashboard/funds/$fundId"
                  params={{ fundId: holding.fundId }}
                >
                  {holding.fundName}
                </Link>
              </Table.RowHeader>
              <Table.Cell numeric>{holding.units}</Table.Cell>
              <Table.Cell numeric>{formatNavPerUnit(holding.navPerUnit)}</Table.Cell>
              <Table.Cell numeric>
                <Money amount={holding.value} />
              </Table.Cell>
              <Table.Cell numeric>
                <Money amount={holding.netContributions} />
              </Table.Cell>
              <Table.Cell numeric>
                <Money amount={Math.abs(holding.profit)} sign={holding.profit < 0 ? 'debit' : 'credit'} />
              </Table.Cell>
              <Table.Cell numeric>{percent === null ? '—' : formatSignedPercent(percent)}</Table.Cell>
            </Table.Row>
          );
        })}
      </Table.Body>
    </Table.Root>
  );
}

/** Each fund's share of the portfolio's value, as words and a bar. */
function Allocation({ portfolio }: { portfolio: Portfolio }) {
  return (
    <ul className={styles.allocation} aria-label="Allocation">
      {portfolio.holdings.map((holding) => {
        const share = portfolio.totalValue > 0 ? holding.value / portfolio.totalValue : 0;
        return (
          <li key={holding.fundId} className={styles.allocationItem}>
            <span className={styles.allocationLabel}>
              <span>{holding.fundName}</span>
              <span>{shareFormat.format(share)}</span>
            </span>
            <span className={styles.track} aria-hidden="true">
              <span className={styles.bar} style={{ display: 'block', width: `${share * 100}%` }} />
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * /dashboard/portfolio: the funds the investor holds (units, NAV per unit, value, contributions, profit
 * in money and percent), the requests waiting for a valuation, and each fund's share of the whole.
 */
export function PortfolioScreen() {
  const portfolio = usePortfolio();
  const reload = useReload(portfolioQuery.queryKey);

  let content: ReactNode;
  if (portfolio.isPending) {
    content = <Spinner label="Loading your portfolio" />;
  } else if (portfolio.isError) {
    content = (
      <EmptyState
        title="Your portfolio could not be loaded"
        description={portfolio.error.msg}
        action={
          <Button variant="secondary" onClick={reload}>
            Try again
          </Button>
        }
      />
    );
  } else if (portfolio.data.holdings.length === 0 && portfolio.data.pendingRequests.length === 0) {
    content = (
      <EmptyState
        title="You hold no funds yet"
        description="Choose a fund to invest in: its units then show here with their value."
        action={
          <Button asChild>
            <Link to="/dashboard/funds">See the funds</Link>
          </Button>
        }
      />
    );
  } else {
    const data = portfolio.data;
    content = (
      <>
        <p className={styles.total}>
          Total value
          <Money className={styles.totalValue} amount={data.totalValue} />
        </p>
        {data.pendingRequests.length > 0 && (
          <section className={styles.section} aria-labelledby="portfolio-pending">
            <h2 id="portfolio-pending" className={styles.sectionTitle}>
              Waiting for a valuation
            </h2>
            <PendingRequests requests={data.pendingRequests} showFund />
          </section>
        )}
        {data.holdings.length > 0 && (
          <>
            <section className={styles.section} aria-labelledby="portfolio-holdings">
              <h2 id="portfolio-holdings" className={styles.sectionTitle}>
                Holdings
              </h2>
              <Holdings holdings={data.holdings} />
              <p className={styles.muted}>
                Value is units × the NAV per unit of the last valuation. Profit is value less contributions
                (investments priced, less redemptions paid).
              </p>
            </section>
            <section className={styles.section} aria-labelledby="portfolio-allocation">
              <h2 id="portfolio-allocation" className={styles.sectionTitle}>
                Allocation
              </h2>
              <Allocation portfolio={data} />
            </section>
          </>
        )}
      </>
    );
  }

  return (
    <DashboardPage
      title="Portfolio"
      brief="The funds you hold, what they are worth now, and what waits to be priced."
    >
      {content}
    </DashboardPage>
  );
}
