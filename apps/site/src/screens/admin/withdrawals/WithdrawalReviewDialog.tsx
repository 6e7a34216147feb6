import { unwrap } from '@ledgerline/api-client';
import { AddressText, CoinIcon, Money, Spinner, StatusBadge } from '@ledgerline/ui';
import { api } from '../../../api/api';
import { useApiData } from '../../../api/useApiData';
import { formatDateTime } from '../../dashboard/history/transactionText';
import { coinName } from '../../dashboard/money/coins';
import { networkLabels } from '../../dashboard/withdrawal/networks';
import { Detail, RequestedBy, ReviewDialog } from '../review/ReviewDialog';
import * as styles from '../review/ReviewQueue.css';
import type { AdminWithdrawal } from './useWithdrawalQueue';

export type WithdrawalReviewDialogProps = {
  /** The withdrawal to review; null keeps the dialog closed. */
  withdrawal: AdminWithdrawal | null;
  onClose: () => void;
  onReviewed: () => void;
};

/** The user's money now: what they can use, and what their pending withdrawals hold. */
function UserFigures({ userId }: { userId: string }) {
  const figures = useApiData(() =>
    unwrap(api.GET('/admin/users/{userId}', { params: { path: { userId } } })),
  );
  if (figures.status === 'loading') return <Spinner label="Loading the user's balance" size="sm" />;
  if (figures.status === 'failed') return <>{figures.error.msg}</>;
  return (
    <>
      <Money amount={figures.data.user.availableBalance} display="code" colored={false} /> available,{' '}
      <Money amount={figures.data.user.pendingWithdrawals} display="code" colored={false} /> held
    </>
  );
}

/**
 * A withdrawal in review: where it goes (network, address to copy exactly), the user's balance and
 * hold; approving pays the held amount out. Above the second-approval threshold a first approval is
 * recorded and another admin's pays it out.
 */
export function WithdrawalReviewDialog({ withdrawal, onClose, onReviewed }: WithdrawalReviewDialogProps) {
  return (
    <ReviewDialog
      item={withdrawal}
      noun="withdrawal"
      onClose={onClose}
      onReviewed={onReviewed}
      title={(row) => `Withdrawal ${row.ref}`}
      description={(row) => <RequestedBy row={row} />}
      details={(row) => (
        <dl className={styles.details}>
          <Detail term="Amount">
            <Money amount={row.amount} display="code" colored={false} />
          </Detail>
          <Detail term="Coin and network">
            <span className={styles.coin}>
              {row.type && <CoinIcon coin={row.type} size="sm" title={null} />}
              {row.type ? coinName(row.type) : '—'}
              {row.network ? `, ${networkLabels[row.network]}` : ''}
            </span>
          </Detail>
          <Detail term="To address">{row.address ? <AddressText address={row.address} /> : '—'}</Detail>
          <Detail term="The user's balance">
            <UserFigures userId={row.user._id} />
          </Detail>
          <Detail term="Status">
            <StatusBadge status={row.status} />
          </Detail>
          {row.firstApprovedBy && row.firstApprovedAt && (
            <Detail term="First approval">
              {row.firstApprovedBy.fullname}, {formatDateTime(row.firstApprovedAt)}
              {row.status === 'pending' ? ': a second admin must approve it' : ''}
            </Detail>
          )}
          {row.reviewedBy && <Detail term="Reviewed by">{row.reviewedBy.fullname}</Detail>}
          {row.reason && <Detail term="Reason">{row.reason}</Detail>}
        </dl>
      )}
      confirmation={(row) => (
        <p className={styles.confirm}>
          {row.needsSecondApproval && !row.firstApprovedBy ? 'Give the first approval to' : 'Pay out'}{' '}
          <Money amount={row.amount} display="symbol" colored={false} /> to{' '}
          <span className={styles.name}>{row.user.fullname}</span> ({row.user.email})?{' '}
          {row.needsSecondApproval && !row.firstApprovedBy
            ? 'It is paid out once a second admin approves it too.'
            : 'Send the coins to the address shown before you approve: the held amount is paid out at once.'}
        </p>
      )}
      approveLabel={(row) => (
        <>
          Approve <Money amount={row.amount} display="symbol" colored={false} />
        </>
      )}
      reviewable={(row) => row.status === 'pending'}
      approve={(row) =>
        unwrap(
          api.POST('/admin/withdrawals/{withdrawalId}/approve', {
            params: { path: { withdrawalId: row._id } },
          }),
        )
      }
      reject={(row, reason) =>
        unwrap(
          api.POST('/admin/withdrawals/{withdrawalId}/reject', {
            params: { path: { withdrawalId: row._id } },
            body: { reason },
          }),
        )
      }
    />
  );
}
