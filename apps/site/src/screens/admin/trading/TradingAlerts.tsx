import type { Schemas } from '@ledgerline/api-client';
import { Link } from '@tanstack/react-router';
import * as styles from './TradingScreens.css';

type AdminFund = Schemas['AdminFund'];

const kindNames: Record<Schemas['TradingAlert']['kind'], string> = {
  'stale-data': 'Stale prices',
  breaker: 'Circuit breaker',
  reconciliation: 'Reconciliation',
};

export type TradingAlertsProps = {
  /** The funds whose alerts are listed; a fund with none adds nothing. */
  funds: readonly AdminFund[];
  /** Each alert names its fund and links to the fund's page. @default true */
  linkFunds?: boolean;
};

/**
 * What an operator should look at now: prices too old to trade on, a tripped circuit breaker, books
 * that differ from the ledger, per fund. Nothing at all when every fund is well.
 */
export function TradingAlerts({ funds, linkFunds = true }: TradingAlertsProps) {
  const alerts = funds.flatMap((fund) => fund.alerts.map((alert, index) => ({ fund, alert, index })));
  if (alerts.length === 0) return null;
  return (
    <section aria-labelledby="trading-alerts">
      <ul className={styles.alerts}>
        <li>
          <h2 id="trading-alerts" className={styles.alertsTitle}>
            {alerts.length === 1 ? '1 trading alert' : `${alerts.length} trading alerts`}
          </h2>
        </li>
        {alerts.map(({ fund, alert, index }) => (
          <li key={`${fund.fund._id}-${index}`} className={styles.alert}>
            {linkFunds && (
              <Link className={styles.link} to="/admin/trading/$fundId" params={{ fundId: fund.fund._id }}>
                {fund.fund.name}
              </Link>
            )}
            <span className={styles.alertFund}>{kindNames[alert.kind]}:</span>
            <span>{alert.message}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
