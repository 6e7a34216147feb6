import { Card, Money } from '@ledgerline/ui';
import { profitWithdrawalRule } from '../../../content/legal/terms-of-service';
import * as styles from './RequestNotes.css';

/** What a person should know before sending money in. */
export function RiskNotice() {
  return (
    <Card title="Risk notice" titleAs="h2" padding="md">
      <p className={styles.text}>
        Investing in crypto carries risk. Prices can fall as well as rise, and you can lose some or all of the
        money you invest. Only deposit money you can afford to lose.
      </p>
    </Card>
  );
}

/**
 * Shown before a withdrawal is sent: profit can be withdrawn only after profit is made and 30% of the
 * capital has been obtained, and the transaction fee is 0 USD.
 */
export function WithdrawalRules() {
  return (
    <Card title="Withdrawal rules" titleAs="h2" padding="md">
      <ul className={styles.list}>
        <li>{profitWithdrawalRule}</li>
        <li>Every withdrawal is reviewed by our staff before it is sent.</li>
      </ul>
      <p className={styles.fee}>
        <span>Transaction fee</span>
        <Money amount={0} display="code" />
      </p>
    </Card>
  );
}
