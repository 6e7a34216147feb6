import { AddressText, Button, CoinIcon, Dialog, Money, StatusBadge } from '@ledgerline/ui';
import { type ReactNode, useState } from 'react';
import { coinName } from '../../../shared/coins';
import { formatDateTime } from '../../../shared/formatDate';
import { networkLabels } from '../../../shared/networks';
import * as styles from './TransactionHistoryScreen.css';
import {
  fundNavText,
  fundUnitsText,
  isCancellable,
  isFundRow,
  isSettled,
  kindLabels,
  nextValuation,
  signOf,
  type Transaction,
} from './transactionText';

export type TransactionDetailDialogProps = {
  /** The row to show; null keeps the dialog closed. */
  transaction: Transaction | null;
  /** Called when the person closes it. */
  onClose: () => void;
  /** Offered on a pending withdrawal: asks to cancel it (the screen confirms first). */
  onCancelWithdrawal?: (withdrawal: Transaction) => void;
};

/** One fact of a transaction: a term and its value. */
export function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className={styles.detail}>
      <dt className={styles.term}>{term}</dt>
      <dd className={styles.value}>{children}</dd>
    </div>
  );
}

/** When a row was settled, by what settles it: a valuation prices a fund row, a review the others. */
function resolvedTerm(row: Transaction): string {
  if (row.status === 'cancelled') return 'Cancelled';
  if (isFundRow(row)) return row.status === 'rejected' ? 'Refused' : 'Priced';
  return 'Resolved';
}

function notYetResolved(row: Transaction): string {
  return isFundRow(row) ? `Not yet: waiting for ${nextValuation}` : 'Not yet: awaiting approval';
}

/**
 * One transaction in full: reference, amount, status, dates, where it went (the coin and addresses,
 * or the fund with its units and NAV per unit), and why it was rejected. A pending withdrawal offers
 * "Cancel withdrawal…".
 */
export function TransactionDetailDialog({
  transaction,
  onClose,
  onCancelWithdrawal,
}: TransactionDetailDialogProps) {
  // The last row stays shown while the dialog plays its closing transition.
  const [shown, setShown] = useState(transaction);
  if (transaction !== null && transaction !== shown) setShown(transaction);
  const row = transaction ?? shown;

  return (
    <Dialog.Root
      open={transaction !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {row && (
        <Dialog.Content>
          <Dialog.Title>{kindLabels[row.trxType]} details</Dialog.Title>
          <Dialog.Description>
            Reference {row.ref}, created {formatDateTime(row.createdAt)}.
          </Dialog.Description>
          <Dialog.Body>
            <dl className={styles.details}>
              <Detail term="Reference">
                <span className={styles.mono}>{row.ref}</span>
              </Detail>
              <Detail term="Amount">
                <Money amount={row.amount} sign={signOf(row)} colored={isSettled(row)} display="code" />
                {row.trxType === 'redemption' && row.status === 'pending' && row.units && (
                  // A redemption asked by units is shown at the fund's last NAV per unit until priced.
                  <span className={styles.valueNote}>
                    What the units are worth at the fund’s last NAV per unit. It pays what they are worth at{' '}
                    {nextValuation}.
                  </span>
                )}
              </Detail>
              <Detail term="Status">
                <StatusBadge status={row.status} />
              </Detail>
              {row.type && (
                <Detail term="Coin">
                  <span className={styles.coin}>
                    <CoinIcon coin={row.type} size="sm" title={null} />
                    {coinName(row.type)}
                  </span>
                </Detail>
              )}
              {row.network && <Detail term="Network">{networkLabels[row.network]}</Detail>}
              {isFundRow(row) && (
                <>
                  <Detail term="Fund">{row.fundName}</Detail>
                  <Detail term="Units">{fundUnitsText(row)}</Detail>
                  <Detail term="NAV per unit">{fundNavText(row)}</Detail>
                </>
              )}
              <Detail term="Created">{formatDateTime(row.createdAt)}</Detail>
              <Detail term={resolvedTerm(row)}>
                {row.resolvedAt ? formatDateTime(row.resolvedAt) : notYetResolved(row)}
              </Detail>
              {row.paymentTo && (
                <Detail term="Paid to our wallet">
                  <AddressText address={row.paymentTo} />
                </Detail>
              )}
              {row.address && (
                <Detail term="Sent to address">
                  <AddressText address={row.address} />
                </Detail>
              )}
              {row.memo && <Detail term="Note">{row.memo}</Detail>}
            </dl>
            {row.status === 'rejected' && (
              <div className={styles.reason}>
                <p className={styles.reasonTitle}>Why it was rejected</p>
                <p>{row.reason || 'No reason was given.'}</p>
              </div>
            )}
          </Dialog.Body>
          <Dialog.Footer>
            {onCancelWithdrawal && isCancellable(row) && (
              <Button variant="secondary" aria-haspopup="dialog" onClick={() => onCancelWithdrawal(row)}>
                Cancel withdrawal…
              </Button>
            )}
            <Dialog.Close asChild>
              <Button variant="secondary">Close</Button>
            </Dialog.Close>
          </Dialog.Footer>
        </Dialog.Content>
      )}
    </Dialog.Root>
  );
}
