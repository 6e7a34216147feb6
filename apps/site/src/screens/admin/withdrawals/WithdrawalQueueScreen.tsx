import { Badge } from '@ledgerline/ui';
import { useState } from 'react';
import { DashboardPage } from '../../../shared/DashboardPage';
import { MoneyQueue } from '../review/MoneyQueue';
import {
  narrowedToUserOrDays,
  pendingFirst,
  QueueFilterBar,
  type QueueFilters,
} from '../review/QueueFilters';
import * as styles from '../review/ReviewQueue.css';
import { rowAsLoaded, useQueueLive, useQueueReviewed } from '../review/useQueueLive';
import { type AdminWithdrawal, useWithdrawalQueue } from './useWithdrawalQueue';
import { WithdrawalReviewDialog } from './WithdrawalReviewDialog';
import { holdFlag } from './withdrawalHold';

/**
 * /admin/withdrawals: the withdrawal queue, pending first, newest first, filtered by status, coin, user and days,
 * 50 at a time. "Review" opens a withdrawal: where it goes and the user's balance, then approve or
 * reject. One waiting for a second admin's approval says so; one held because its account's password
 * was reset (its email changed, two-factor turned off) while it was pending is flagged with the event.
 */
export function WithdrawalQueueScreen() {
  const [filters, setFilters] = useState<QueueFilters>(pendingFirst);
  const { state, loadMore, reload } = useWithdrawalQueue(filters);
  const [selected, setSelected] = useState<AdminWithdrawal | null>(null);
  const resolvedElsewhere = useQueueLive('withdrawals', selected?._id);
  const reviewed = useQueueReviewed('withdrawals');

  return (
    <DashboardPage
      title="Withdrawals"
      brief="Withdrawal requests: their amounts are held until one is approved (paid out) or rejected (released)."
    >
      <MoneyQueue
        filters={<QueueFilterBar filters={filters} onChange={setFilters} />}
        noun="withdrawal"
        title="Withdrawal"
        state={state}
        loadMore={loadMore}
        reload={reload}
        pendingOnly={filters.status === 'pending' && !narrowedToUserOrDays(filters)}
        statusNote={(row) => {
          const held = holdFlag(row);
          return (
            <>
              {row.status === 'pending' && row.firstApprovedBy && (
                <span className={styles.meta}>Needs a second approval</span>
              )}
              {held && (
                <span className={styles.statusFlag}>
                  <Badge tone={row.heldUntil ? 'warning' : 'neutral'}>{held}</Badge>
                </span>
              )}
            </>
          );
        }}
        onOpen={setSelected}
      />
      <WithdrawalReviewDialog
        withdrawal={rowAsLoaded(selected, state)}
        onClose={() => setSelected(null)}
        onReviewed={reviewed}
        resolvedElsewhere={resolvedElsewhere}
      />
    </DashboardPage>
  );
}
