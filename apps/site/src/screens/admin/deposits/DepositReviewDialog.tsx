import { unwrap } from '@ledgerline/api-client';
import { AddressText, CoinIcon, Money, StatusBadge } from '@ledgerline/ui';
import { api } from '../../../api/api';
import { coinName } from '../../../shared/coins';
import { ReceiptImage } from '../ReceiptImage';
import { Detail, RequestedBy, ReviewDialog } from '../review/ReviewDialog';
import * as styles from '../review/ReviewQueue.css';
import { UserFigures } from '../review/UserFigures';
import type { Resolution } from '../review/useQueueLive';
import type { AdminDeposit } from './useDepositQueue';

export type DepositReviewDialogProps = {
  /** The deposit to review; null keeps the dialog closed. */
  deposit: AdminDeposit | null;
  onClose: () => void;
  onReviewed: () => void;
  /** How another admin resolved it while it was open. */
  resolvedElsewhere?: Resolution | null;
};

/**
 * A deposit in review: its receipt and facts, and the user's balance now; approving credits the
 * user's available balance.
 */
export function DepositReviewDialog({
  deposit,
  onClose,
  onReviewed,
  resolvedElsewhere,
}: DepositReviewDialogProps) {
  return (
    <ReviewDialog
      item={deposit}
      noun="deposit"
      onClose={onClose}
      onReviewed={onReviewed}
      resolvedElsewhere={resolvedElsewhere}
      title={(row) => `Deposit ${row.ref}`}
      description={(row) => <RequestedBy row={row} />}
      details={(row) => (
        <div className={styles.review}>
          <ReceiptImage path={row.receipt} alt={`Receipt of deposit ${row.ref}`} />
          <dl className={styles.details}>
            <Detail term="Amount">
              <Money amount={row.amount} display="code" colored={false} />
            </Detail>
            <Detail term="Coin">
              <span className={styles.coin}>
                {row.type && <CoinIcon coin={row.type} size="sm" title={null} />}
                {row.type ? coinName(row.type) : '—'}
              </span>
            </Detail>
            <Detail term="Paid to">{row.paymentTo ? <AddressText address={row.paymentTo} /> : '—'}</Detail>
            <Detail term="The user's balance">
              <UserFigures userId={row.user._id} />
            </Detail>
            <Detail term="Status">
              <StatusBadge status={row.status} />
            </Detail>
            {row.reviewedBy && <Detail term="Reviewed by">{row.reviewedBy.fullname}</Detail>}
            {row.reason && <Detail term="Reason">{row.reason}</Detail>}
          </dl>
        </div>
      )}
      confirmation={(row) => (
        <p className={styles.confirm}>
          Approve <Money amount={row.amount} display="symbol" colored={false} /> for{' '}
          <span className={styles.name}>{row.user.fullname}</span> ({row.user.email})? Their available balance
          grows by this amount at once.
        </p>
      )}
      approveLabel={(row) => (
        <>
          Approve <Money amount={row.amount} display="symbol" colored={false} />
        </>
      )}
      reviewable={(row) => row.status === 'pending'}
      stepUp
      approve={(row, twoFactorCode) =>
        unwrap(
          api.POST('/admin/deposits/{depositId}/approve', {
            params: { path: { depositId: row._id } },
            body: twoFactorCode === undefined ? {} : { twoFactorCode },
          }),
        )
      }
      reject={(row, reason) =>
        unwrap(
          api.POST('/admin/deposits/{depositId}/reject', {
            params: { path: { depositId: row._id } },
            body: { reason },
          }),
        )
      }
    />
  );
}
