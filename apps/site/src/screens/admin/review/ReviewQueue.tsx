import { Button, Card, EmptyState, Spinner, Table, visuallyHidden } from '@ledgerline/ui';
import type { ReactNode } from 'react';
import type { KeysetState } from '../../../api/useKeysetPages';
import * as styles from './ReviewQueue.css';

export type ReviewQueueProps<Item extends { _id: string }> = {
  state: KeysetState<Item>;
  loadMore: () => void;
  reload: () => void;
  /** The rows' name, plural and singular: `deposits`, `deposit`. */
  plural: string;
  singular: string;
  /** Shown when no row matches: "No deposit is waiting for review". */
  emptyTitle: string;
  /** The table's column headers, in a `Table.Row`. */
  columns: ReactNode;
  /** One row of the table. */
  row: (item: Item) => ReactNode;
};

/**
 * A back-office queue as a table: its loading, failed (with "Try again") and empty states, the rows,
 * "Load more" by keyset, and the count for screen readers.
 */
export function ReviewQueue<Item extends { _id: string }>({
  state,
  loadMore,
  reload,
  plural,
  singular,
  emptyTitle,
  columns,
  row,
}: ReviewQueueProps<Item>) {
  const rows = state.phase === 'ready' ? state.items : [];
  return (
    <>
      <p className={visuallyHidden} aria-live="polite">
        {state.phase === 'loading'
          ? ''
          : `Showing ${rows.length} ${rows.length === 1 ? singular : plural}${state.nextCursor ? ', more available' : ''}.`}
      </p>
      {state.phase === 'loading' ? (
        <div className={styles.loading}>
          <Spinner label={`Loading the ${plural}`} size="lg" />
        </div>
      ) : state.failure ? (
        <EmptyState
          title={`The ${plural} could not be loaded`}
          description={state.failure.msg}
          action={
            <Button variant="secondary" onClick={reload}>
              Try again
            </Button>
          }
        />
      ) : rows.length === 0 ? (
        <EmptyState title={emptyTitle} />
      ) : (
        <Card padding="none">
          <Table.Root caption={plural[0]?.toUpperCase() + plural.slice(1)} captionHidden>
            <Table.Head>{columns}</Table.Head>
            <Table.Body>{rows.map(row)}</Table.Body>
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
    </>
  );
}
