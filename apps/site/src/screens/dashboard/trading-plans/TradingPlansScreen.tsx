import { Button, PlanCard } from '@ledgerline/ui';
import { Link } from '@tanstack/react-router';
import { plans, plansHeading, plansRiskNotice } from '../../../content/plans';
import { DashboardPage } from '../../../shared/DashboardPage';
import * as styles from './TradingPlansScreen.css';

/** /dashboard/trading-plans: the eight plans, each with "Invest Now" to the deposit page, and the risk notice. */
export function TradingPlansScreen() {
  return (
    <DashboardPage title={plansHeading.title} brief={plansHeading.brief}>
      <ul className={styles.plans} aria-label="Plans">
        {plans.map((plan) => (
          <li key={plan.title} className={styles.plan}>
            <PlanCard
              className={styles.planCard}
              title={plan.title}
              titleAs="h2"
              subtitle={plan.subtitle}
              range={plan.range}
              support={plan.support}
              features={plan.features}
              action={
                <Button asChild fullWidth>
                  <Link to={plan.href}>{plan.buttonLabel}</Link>
                </Button>
              }
            />
          </li>
        ))}
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
