import {
  Button,
  Card,
  CoinIcon,
  EmptyState,
  Money,
  Select,
  type SelectOption,
  Spinner,
  StatusBadge,
  Table,
  visuallyHidden,
} from '@ledgerline/ui';
import { useState } from 'react';
import { formatDateTime, statusLabels } from '../../dashboard/history/transactionText';
import { coinName, coins } from '../../dashboard/money/coins';
import { DashboardPage } from '../../dashboard/shared/DashboardPage';
import * as styles from './DepositQueueScreen.css';
import { DepositReviewDialog } from './DepositReviewDialog';
import { type AdminDeposit, pendingFirst, type QueueFilters, useDepositQueue } from './useDepositQueue';

const statusOptions: SelectOption<QueueFilters['status']>[] = [
  ...Object.entries(statusLabels).map(([value, label]) => ({
    value: value as keyof typeof statusLabels,
    label,
  })),
  { value: 'all', label: 'All statuses' },
];
const coinOptions: SelectOption<QueueFilters['coin']>[] = [
  { value: 'all', label: 'All coins' },
  ...coins.map((coin) => ({ value: coin, label: coinName(coin) })),
];

/**
 * /admin/deposits: the deposit queue, pending first, newest first, filtered by status and coin, 50
 * at a time. "Review" opens a deposit: its receipt, then approve or reject.
 */
export function DepositQueueScreen() {
  const [filters, setFilters] = useState<QueueFilters>(pendingFirst);
  const { state, loadMore, reload } = useDepositQueue(filters);
  const [selected, setSelected] = useState<AdminDeposit | null>(null);
  const rows = state.phase === 'ready' ? state.items : [];

  return (
    <DashboardPage
      title="Deposits"
      brief="Deposit requests with their receipts. Nothing moves until one is approved."
    >
      <div className={styles.filters}>
        <Select
          label="Status"
          options={statusOptions}
          value={filters.status}
          onValueChange={(status) => setFilters((current) => ({ ...current, status }))}
        />
        <Select
          label="Coin"
          options={coinOptions}
          value={filters.coin}
          onValueChange={(coin) => setFilters((current) => ({ ...current, coin }))}
        />
      </div>
      <p className={visuallyHidden} aria-live="polite">
        {state.phase === 'loading'
          ? ''
          : `Showing ${rows.length} ${rows.length === 1 ? 'deposit' : 'deposits'}${state.nextCursor ? ', more available' : ''}.`}
      </p>
      {state.phase === 'loading' ? (
        <div className={styles.loading}>
          <Spinner label="Loading the deposits" size="lg" />
        </div>
      ) : state.failure ? (
        <EmptyState
          title="The deposits could not be loaded"
          description={state.failure.msg}
          action={
            <Button variant="secondary" onClick={reload}>
              Try again
            </Button>
          }
        />
      ) : rows.length === 0 ? (
        <EmptyState
          title={
            filters.status === 'pending'
              ? 'No deposit is waiting for review'
              : 'No deposits match these filters'
          }
        />
      ) : (
        <Card padding="none">
          <Table.Root caption="Deposits" captionHidden>
            <Table.Head>
              <Table.Row>
                <Table.ColumnHeader>Deposit</Table.ColumnHeader>
                <Table.ColumnHeader>User</Table.ColumnHeader>
                <Table.ColumnHeader numeric>Amount</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
                <Table.ColumnHeader>
                  <span className={visuallyHidden}>Review</span>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Head>
            <Table.Body>
              {rows.map((row) => (
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
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-haspopup="dialog"
                      onClick={() => setSelected(row)}
                    >
                      {row.status === 'pending' ? 'Review' : 'View'}
                      <span className={visuallyHidden}> deposit {row.ref}</span>
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Card>
      )}
      {state.phase === 'ready' && state.nextCursor && (
        <div className={styles.more}>
          <Button variant="secondary" loading={state.loadingMore} onClick={loadMore}>
            Load more
          </Button>
        </div>
      )}
      <DepositReviewDialog deposit={selected} onClose={() => setSelected(null)} onReviewed={reload} />
    </DashboardPage>
  );
}
