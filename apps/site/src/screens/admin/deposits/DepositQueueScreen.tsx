import { useState } from 'react';
import { DashboardPage } from '../../dashboard/shared/DashboardPage';
import { MoneyQueue } from '../review/MoneyQueue';
import { pendingFirst, QueueFilterBar, type QueueFilters } from '../review/QueueFilters';
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
      <MoneyQueue
        noun="deposit"
        title="Deposit"
        state={state}
        loadMore={loadMore}
        reload={reload}
        pendingOnly={filters.status === 'pending'}
        onOpen={setSelected}
      />
      <DepositReviewDialog deposit={selected} onClose={() => setSelected(null)} onReviewed={reload} />
    </DashboardPage>
  );
}
