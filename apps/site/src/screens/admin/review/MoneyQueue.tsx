import type { Schemas } from '@ledgerline/api-client';
import { Button, CoinIcon, Money, StatusBadge, Table, visuallyHidden } from '@ledgerline/ui';
import type { ReactNode } from 'react';
import type { KeysetState } from '../../../api/keysetQuery';
import { coinName } from '../../../shared/coins';
import { formatDateTime } from '../../../shared/formatDate';
import { ReviewQueue } from './ReviewQueue';
import * as styles from './ReviewQueue.css';

export type MoneyQueueProps<Item extends Schemas['AdminDeposit'] | Schemas['AdminWithdrawal']> = {
  /** What the rows are: `deposit` or `withdrawal`; `title` is its capitalised name. */
  noun: string;
  title: string;
  state: KeysetState<Item>;
  loadMore: () => void;
  reload: () => void;
  /** Whether the filters show pending requests only (the empty message then says nothing waits). */
  pendingOnly: boolean;
  /** A line under a row's status (a withdrawal waiting for its second approval). */
  statusNote?: (row: Item) => ReactNode;
  /** Opens a row's review. */
  onOpen: (row: Item) => void;
  /** The queue's filters, above it. */
  filters?: ReactNode;
};

/** A queue of requests that move money (deposits, withdrawals): coin and date, user, amount, status. */
export function MoneyQueue<Item extends Schemas['AdminDeposit'] | Schemas['AdminWithdrawal']>({
  noun,
  title,
  state,
  loadMore,
  reload,
  pendingOnly,
  statusNote,
  onOpen,
  filters,
}: MoneyQueueProps<Item>) {
  return (
    <ReviewQueue
      state={state}
      loadMore={loadMore}
      reload={reload}
      plural={`${noun}s`}
      singular={noun}
      filters={filters}
      emptyTitle={pendingOnly ? `No ${noun} is waiting for review` : `No ${noun}s match these filters`}
      columns={
        <Table.Row>
          <Table.ColumnHeader>{title}</Table.ColumnHeader>
          <Table.ColumnHeader>User</Table.ColumnHeader>
          <Table.ColumnHeader numeric>Amount</Table.ColumnHeader>
          <Table.ColumnHeader>Status</Table.ColumnHeader>
          <Table.ColumnHeader>
            <span className={visuallyHidden}>Review</span>
          </Table.ColumnHeader>
        </Table.Row>
      }
      row={(row, action) => (
        <Table.Row key={row._id}>
          <Table.RowHeader>
            <span className={styles.coin}>
              {row.type && <CoinIcon coin={row.type} size="sm" title={null} />}
              {row.type ? coinName(row.type) : title}
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
            {statusNote?.(row)}
          </Table.Cell>
          <Table.Cell>
            <Button
              variant="secondary"
              size="sm"
              aria-haspopup="dialog"
              onClick={() => onOpen(row)}
              {...action}
            >
              {row.status === 'pending' ? 'Review' : 'View'}
              <span className={visuallyHidden}>
                {' '}
                {noun} {row.ref}
              </span>
            </Button>
          </Table.Cell>
        </Table.Row>
      )}
    />
  );
}
