import type { components } from '@ledgerline/api-client';
import { formatBps } from '@ledgerline/ui/funds';
import * as styles from './FundOrderDialog.css';

type FundFeesProps = { fees: components['schemas']['FundFees'] };

/** A fund's fees in one sentence: what it charges a year, and what each trade costs it. */
export function FundFees({ fees }: FundFeesProps) {
  return (
    <p className={styles.fees}>
      Fees: a management fee of {fees.managementPctPerYear}% a year, taken from the fund's value at each
      valuation. The fund pays the exchange {formatBps(fees.takerFeeBps)} on a market order and{' '}
      {formatBps(fees.makerFeeBps)} on a limit order, and assumes {formatBps(fees.slippageBps)} of slippage on
      a market order. No fee is charged to invest or redeem.
    </p>
  );
}
