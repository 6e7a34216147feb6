import { unwrap } from '@ledgerline/api-client';
import { checksummedEvmAddress, isEvmNetwork } from '@ledgerline/rules/addresses';
import type { Network } from '@ledgerline/rules/coins';
import { AddressText, CoinIcon, Money, StatusBadge } from '@ledgerline/ui';
import { api } from '../../../api/api';
import { coinName } from '../../../shared/coins';
import { formatDateTime, formatUtcMinute } from '../../../shared/formatDate';
import { networkLabels } from '../../../shared/networks';
import { Detail, RequestedBy, ReviewDialog } from '../review/ReviewDialog';
import * as styles from '../review/ReviewQueue.css';
import { UserFigures } from '../review/UserFigures';
import type { Resolution } from '../review/useQueueLive';
import type { AdminWithdrawal } from './useWithdrawalQueue';
import { approvalWaitsFor, holdEvents } from './withdrawalHold';

export type WithdrawalReviewDialogProps = {
  /** The withdrawal to review; null keeps the dialog closed. */
  withdrawal: AdminWithdrawal | null;
  onClose: () => void;
  onReviewed: () => void;
  /** How another admin resolved it while it was open. */
  resolvedElsewhere?: Resolution | null;
};

/**
 * The address to pay, as it is best copied: an Ethereum-style one in its checksummed form (its
 * letters' case carries a check that wallets verify), whatever case the user typed it in; any other
 * exactly as saved.
 */
function addressShown(network: Network | null | undefined, address: string): string {
  return network && isEvmNetwork(network) ? (checksummedEvmAddress(address) ?? address) : address;
}

/**
 * A withdrawal in review: where it goes (network, address to copy exactly), the user's balance and
 * hold; approving pays the held amount out. Above the second-approval threshold a first approval is
 * recorded and another admin's pays it out. One held by its account's withdrawal pause says why, and
 * offers no approval until the pause ends (the server refuses one: 409); rejecting stays open.
 */
export function WithdrawalReviewDialog({
  withdrawal,
  onClose,
  onReviewed,
  resolvedElsewhere,
}: WithdrawalReviewDialogProps) {
  return (
    <ReviewDialog
      item={withdrawal}
      noun="withdrawal"
      onClose={onClose}
      onReviewed={onReviewed}
      resolvedElsewhere={resolvedElsewhere}
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
          <Detail term="To address">
            {row.address ? <AddressText address={addressShown(row.network, row.address)} /> : '—'}
          </Detail>
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
          {row.heldBecause && row.heldAt && (
            <Detail term="Held">
              {holdEvents[row.heldBecause]} on {formatUtcMinute(row.heldAt)}, while it was pending.
              {row.heldUntil ? '' : ' The pause is over.'}
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
      approvalWaits={(row) => (row.status === 'pending' ? approvalWaitsFor(row) : null)}
      stepUp
      approve={(row, twoFactorCode) =>
        unwrap(
          api.POST('/admin/withdrawals/{withdrawalId}/approve', {
            params: { path: { withdrawalId: row._id } },
            body: twoFactorCode === undefined ? {} : { twoFactorCode },
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
