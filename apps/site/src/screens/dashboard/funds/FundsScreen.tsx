import type { components } from '@ledgerline/api-client';
import { Button, EmptyState, Spinner, visuallyHidden } from '@ledgerline/ui';
import { FundCard, RiskWarning } from '@ledgerline/ui/funds';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useReload } from '../../../api/queryClient';
import { DashboardPage } from '../../../shared/DashboardPage';
import { useAvailableBalance } from '../withdrawal/useAvailableBalance';
import * as styles from './FundsScreen.css';
import { fundsQuery } from './fundQueries';
import { strategyLabels } from './fundWords';
import { InvestDialog } from './InvestDialog';

type FundSummary = components['schemas']['FundSummary'];

/** The list's loading, failed and empty states; nothing once there are funds to show. */
function ListState({
  pending,
  failure,
  empty,
}: {
  pending: boolean;
  failure: string | null;
  empty: boolean;
}) {
  const reload = useReload(fundsQuery.queryKey);
  if (pending) {
    return (
      <div className={styles.status}>
        <Spinner label="Loading the funds" />
      </div>
    );
  }
  if (failure !== null) {
    return (
      <EmptyState
        title="The funds could not be loaded"
        description={failure}
        action={
          <Button variant="secondary" onClick={reload}>
            Try again
          </Button>
        }
      />
    );
  }
  if (empty) return <EmptyState title="No funds yet" description="When a fund opens, it appears here." />;
  return null;
}

/**
 * /dashboard/funds: a card per fund (NAV per unit, risk, status and why it is paused, minimum and
 * fees), each with its fact sheet and Invest, under the risk warning every page that sells a fund
 * carries.
 */
export function FundsScreen() {
  const funds = useQuery(fundsQuery);
  const [balance] = useAvailableBalance();
  const [investing, setInvesting] = useState<FundSummary | null>(null);
  // The dialog keeps its fund while it plays its closing transition.
  const [shown, setShown] = useState<FundSummary | null>(null);
  if (investing && investing !== shown) setShown(investing);

  return (
    <DashboardPage
      title="Funds"
      brief="Each fund runs one strategy on a pool of coins, under risk rules. You hold units of a fund, bought and sold at the NAV per unit struck at its next valuation."
    >
      <RiskWarning />
      <ListState
        pending={funds.isPending}
        failure={funds.isError ? funds.error.msg : null}
        empty={funds.data?.items.length === 0}
      />
      {funds.data && funds.data.items.length > 0 && (
        <ul className={styles.funds} aria-label="Funds">
          {funds.data.items.map((fund) => (
            <li key={fund._id} className={styles.fund}>
              <FundCard
                className={styles.fundCard}
                titleAs="h2"
                name={fund.name}
                strategyLabel={strategyLabels[fund.strategy]}
                navPerUnit={fund.navPerUnit}
                riskLevel={fund.riskLevel}
                status={fund.status}
                statusReason={fund.statusReason}
                minimumInvestment={fund.minimumInvestment}
                fees={fund.fees}
                action={
                  <>
                    <Button asChild variant="secondary">
                      <Link to="/dashboard/funds/$fundId" params={{ fundId: fund._id }}>
                        Fact sheet<span className={visuallyHidden}> of {fund.name}</span>
                      </Link>
                    </Button>
                    {fund.status === 'trading' && (
                      <Button onClick={() => setInvesting(fund)}>
                        Invest<span className={visuallyHidden}> in {fund.name}</span>
                      </Button>
                    )}
                  </>
                }
              />
            </li>
          ))}
        </ul>
      )}
      {shown && (
        <InvestDialog
          fund={shown}
          balance={balance}
          open={investing !== null}
          onOpenChange={(open) => (open ? undefined : setInvesting(null))}
        />
      )}
    </DashboardPage>
  );
}
