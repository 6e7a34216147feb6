import { useState } from 'react';
import { DashboardPage } from '../../../shared/DashboardPage';
import { MoneyQueue } from '../review/MoneyQueue';
import {
  narrowedToUserOrDays,
  pendingFirst,
  QueueFilterBar,
  type QueueFilters,
} from '../review/QueueFilters';
import { rowAsLoaded, useQueueLive, useQueueReviewed } from '../review/useQueueLive';
import { DepositReviewDialog } from './DepositReviewDialog';
import { type AdminDeposit, useDepositQueue } from './useDepositQueue';

/**
 * /admin/deposits: the deposit queue, pending first, newest first, filtered by status, coin, user and days, 50
 * at a time. "Review" opens a deposit: its receipt, then approve or reject.
 */
export function DepositQueueScreen() {
  const [filters, setFilters] = useState<QueueFilters>(pendingFirst);
  const { state, loadMore, reload } = useDepositQueue(filters);
  const [selected, setSelected] = useState<AdminDeposit | null>(null);
  const resolvedElsewhere = useQueueLive('deposits', selected?._id);
  const reviewed = useQueueReviewed('deposits');

  return (
    <DashboardPage
      title="Deposits"
      brief="Deposit requests with their receipts. Nothing moves until one is approved."
    >
      <MoneyQueue
        filters={<QueueFilterBar filters={filters} onChange={setFilters} />}
        noun="deposit"
        title="Deposit"
        state={state}
        loadMore={loadMore}
        reload={reload}
        pendingOnly={filters.status === 'pending' && !narrowedToUserOrDays(filters)}
        onOpen={setSelected}
      />
      <DepositReviewDialog
        deposit={rowAsLoaded(selected, state)}
        onClose={() => setSelected(null)}
        onReviewed={reviewed}
        resolvedElsewhere={resolvedElsewhere}
      />
    </DashboardPage>
  );
}
