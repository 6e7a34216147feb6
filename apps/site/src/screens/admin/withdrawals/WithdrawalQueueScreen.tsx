import { Button, CoinIcon, Money, StatusBadge, Table, visuallyHidden } from '@ledgerline/ui';
import { useState } from 'react';
import { formatDateTime } from '../../dashboard/history/transactionText';
import { coinName } from '../../dashboard/money/coins';
import { DashboardPage } from '../../dashboard/shared/DashboardPage';
import { pendingFirst, QueueFilterBar, type QueueFilters } from '../review/QueueFilters';
import { ReviewQueue } from '../review/ReviewQueue';
import * as styles from '../review/ReviewQueue.css';
import { type AdminWithdrawal, useWithdrawalQueue } from './useWithdrawalQueue';
import { WithdrawalReviewDialog } from './WithdrawalReviewDialog';

/**
 * /admin/withdrawals: the withdrawal queue, pending first, newest first, filtered by status and coin,
 * 50 at a time. "Review" opens a withdrawal: where it goes and the user's balance, then approve or
 * reject. One waiting for a second admin's approval says so.
 */
export function WithdrawalQueueScreen() {
  const [filters, setFilters] = useState<QueueFilters>(pendingFirst);
  const { state, loadMore, reload } = useWithdrawalQueue(filters);
  const [selected, setSelected] = useState<AdminWithdrawal | null>(null);

  return (
    <DashboardPage
      title="Withdrawals"
      brief="Withdrawal requests: their amounts are held until one is approved (paid out) or rejected (released)."
    >
      <QueueFilterBar filters={filters} onChange={setFilters} />
      <ReviewQueue
        state={state}
        loadMore={loadMore}
        reload={reload}
        plural="withdrawals"
        singular="withdrawal"
        emptyTitle={
          filters.status === 'pending'
            ? 'No withdrawal is waiting for review'
            : 'No withdrawals match these filters'
        }
        columns={
          <Table.Row>
            <Table.ColumnHeader>Withdrawal</Table.ColumnHeader>
            <Table.ColumnHeader>User</Table.ColumnHeader>
            <Table.ColumnHeader numeric>Amount</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader>
              <span className={visuallyHidden}>Review</span>
            </Table.ColumnHeader>
          </Table.Row>
        }
        row={(row) => (
          <Table.Row key={row._id}>
            <Table.RowHeader>
              <span className={styles.coin}>
                {row.type && <CoinIcon coin={row.type} size="sm" title={null} />}
                {row.type ? coinName(row.type) : 'Withdrawal'}
              </span>
              <span className={styles.meta}>
                <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
                <span aria-hidden="true"> · </span>
                <span className={styles.mono}>{row.ref}</span>
              </span>
            </Table.RowHeader>
            <Table.Cell>
              <span className={styles.user}>{row.user.fullname}</span>
              <span className={styles.meta}>{row.user.email}</span>
            </Table.Cell>
            <Table.Cell numeric>
              <Money amount={row.amount} display="code" colored={false} />
            </Table.Cell>
            <Table.Cell>
              <StatusBadge status={row.status} />
              {row.status === 'pending' && row.firstApprovedBy && (
                <span className={styles.meta}>Needs a second approval</span>
              )}
            </Table.Cell>
            <Table.Cell>
              <Button variant="secondary" size="sm" aria-haspopup="dialog" onClick={() => setSelected(row)}>
                {row.status === 'pending' ? 'Review' : 'View'}
                <span className={visuallyHidden}> withdrawal {row.ref}</span>
              </Button>
            </Table.Cell>
          </Table.Row>
        )}
      />
      <WithdrawalReviewDialog withdrawal={selected} onClose={() => setSelected(null)} onReviewed={reload} />
    </DashboardPage>
  );
}
