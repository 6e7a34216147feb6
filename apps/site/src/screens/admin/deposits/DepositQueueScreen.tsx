import { Button, CoinIcon, Money, StatusBadge, Table, visuallyHidden } from '@ledgerline/ui';
import { useState } from 'react';
import { formatDateTime } from '../../dashboard/history/transactionText';
import { coinName } from '../../dashboard/money/coins';
import { DashboardPage } from '../../dashboard/shared/DashboardPage';
import { pendingFirst, QueueFilterBar, type QueueFilters } from '../review/QueueFilters';
import { ReviewQueue } from '../review/ReviewQueue';
import * as styles from '../review/ReviewQueue.css';
import { DepositReviewDialog } from './DepositReviewDialog';
import { type AdminDeposit, useDepositQueue } from './useDepositQueue';

/**
 * /admin/deposits: the deposit queue, pending first, newest first, filtered by status and coin, 50
 * at a time. "Review" opens a deposit: its receipt, then approve or reject.
 */
export function DepositQueueScreen() {
  const [filters, setFilters] = useState<QueueFilters>(pendingFirst);
  const { state, loadMore, reload } = useDepositQueue(filters);
  const [selected, setSelected] = useState<AdminDeposit | null>(null);

  return (
    <DashboardPage
      title="Deposits"
      brief="Deposit requests with their receipts. Nothing moves until one is approved."
    >
      <QueueFilterBar filters={filters} onChange={setFilters} />
      <ReviewQueue
        state={state}
        loadMore={loadMore}
        reload={reload}
        plural="deposits"
        singular="deposit"
        emptyTitle={
          filters.status === 'pending'
            ? 'No deposit is waiting for review'
            : 'No deposits match these filters'
        }
        columns={
          <Table.Row>
            <Table.ColumnHeader>Deposit</Table.ColumnHeader>
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
                {row.type ? coinName(row.type) : 'Deposit'}
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
            </Table.Cell>
            <Table.Cell>
              <Button variant="secondary" size="sm" aria-haspopup="dialog" onClick={() => setSelected(row)}>
                {row.status === 'pending' ? 'Review' : 'View'}
                <span className={visuallyHidden}> deposit {row.ref}</span>
              </Button>
            </Table.Cell>
          </Table.Row>
        )}
      />
      <DepositReviewDialog deposit={selected} onClose={() => setSelected(null)} onReviewed={reload} />
    </DashboardPage>
  );
}
