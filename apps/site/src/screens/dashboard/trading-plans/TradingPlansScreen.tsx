import type { components } from '@ledgerline/api-client';
import { usdNumberToCents } from '@ledgerline/rules/usd';
import { Button, formatUsd, PlanCard, Spinner } from '@ledgerline/ui';
import { useQuery } from '@tanstack/react-query';
import { plans, plansHeading, plansRiskNotice } from '../../../content/plans';
import type { Plan } from '../../../content/types';
import { SiteLink } from '../../../layout/siteNavigation';
import { DashboardPage } from '../../../shared/DashboardPage';
import { fundsQuery } from '../funds/fundQueries';
import { useAvailableBalance } from '../withdrawal/useAvailableBalance';
import { currentPlan, fundsOpenTo, planMinimumCents, planUsdRange, rateText } from './planFigures';
import * as styles from './TradingPlansScreen.css';

type FundSummary = components['schemas']['FundSummary'];

/** The funds a plan's minimum deposit covers, as the funds' list answered (or why it cannot say). */
function PlanFunds({ plan, funds }: { plan: Plan; funds: readonly FundSummary[] | 'loading' | 'failed' }) {
  const headingId = `plan-funds-${plan.title.toLowerCase()}`;
  const open = typeof funds === 'string' ? [] : fundsOpenTo(plan, funds);
  return (
    // Not a landmark: eight regions of one name would not tell a screen reader's list of them apart.
    <div className={styles.funds}>
      <h3 id={headingId} className={styles.fundsTitle}>
        Funds it can invest in
      </h3>
      {funds === 'loading' ? (
        <Spinner label="Loading the funds" size="sm" />
      ) : funds === 'failed' ? (
        <p className={styles.fundsNote}>The funds could not be loaded.</p>
      ) : open.length === 0 ? (
        <p className={styles.fundsNote}>None: every fund asks for more than this plan’s minimum.</p>
      ) : (
        <ul className={styles.fundList} aria-labelledby={headingId}>
          {open.map((fund) => (
            <li key={fund._id}>
              {fund.name}
              <span className={styles.fundMinimum}>
                {' '}
                · from {formatUsd(fund.minimumInvestment)}
                {fund.status === 'paused' ? ' · paused' : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * /dashboard/trading-plans: the eight plans in pounds, each with its range in US dollars, the funds
 * its minimum covers and "Invest Now"; the investor's plan marked; the risk notice. Invest Now opens
 * the funds once the available balance reaches the plan's minimum, and the deposit page until then.
 */
export function TradingPlansScreen() {
  const [balance] = useAvailableBalance();
  const fundList = useQuery(fundsQuery);
  const funds = fundList.data?.items ?? (fundList.isError ? 'failed' : 'loading');
  // A balance that is loading or failed reaches no plan: every Invest Now leads to a deposit.
  const balanceCents = typeof balance === 'number' ? usdNumberToCents(balance) : null;
  const current = currentPlan(plans, balanceCents);

  return (
    <DashboardPage title={plansHeading.title} brief={plansHeading.brief}>
      {typeof balance === 'number' && (
        <p className={styles.standing}>
          {current
            ? `Your available balance of ${formatUsd(balance)} reaches the ${current.title} plan.`
            : `Your available balance of ${formatUsd(balance)} is below every plan’s minimum: deposit to start.`}
        </p>
      )}
      <ul className={styles.plans} aria-label="Plans">
        {plans.map((plan) => {
          const reached = balanceCents !== null && balanceCents >= planMinimumCents(plan);
          return (
            <li key={plan.title} className={styles.plan}>
              <PlanCard
                className={styles.planCard}
                title={plan.title}
                titleAs="h2"
                subtitle={plan.subtitle}
                range={plan.range}
                rangeNote={
                  <>
                    {planUsdRange(plan)} <span className={styles.rate}>at {rateText}</span>
                  </>
                }
                current={plan === current}
                currentLabel="Your plan"
                support={plan.support}
                features={plan.features}
                action={
                  <Button asChild fullWidth>
                    <SiteLink href={reached ? '/dashboard/funds' : plan.href}>{plan.buttonLabel}</SiteLink>
                  </Button>
                }
              >
                <PlanFunds plan={plan} funds={funds} />
              </PlanCard>
            </li>
          );
        })}
      </ul>
      <section className={styles.notice} aria-labelledby="plans-risk-notice">
        <h2 id="plans-risk-notice" className={styles.noticeTitle}>
          {plansRiskNotice.title}
        </h2>
        <p className={styles.noticeText}>{plansRiskNotice.brief}</p>
      </section>
    </DashboardPage>
  );
}
