import { DataTable, type DataTableRowAction } from '@ledgerline/ui';
import type { ReactNode } from 'react';
import type { KeysetState } from '../../../api/keysetQuery';

export type ReviewQueueProps<Item extends { _id: string }> = {
  state: KeysetState<Item>;
  loadMore: () => void;
  reload: () => void;
  /** The rows' name, plural and singular: `deposits`, `deposit`. */
  plural: string;
  singular: string;
  /** The table's name for screen readers; the plural, capitalised, when not given. */
  caption?: string;
  /** Shown when no row matches: "No deposit is waiting for review". */
  emptyTitle: string;
  /** The filters above the table. */
  filters?: ReactNode;
  /** The table's column headers, in a `Table.Row`. */
  columns: ReactNode;
  /** One row of the table; `action` goes on its review button. */
  row: (item: Item, action: DataTableRowAction) => ReactNode;
};

/**
 * A back-office queue: a keyset-paged list (`useKeysetQuery`) shown as the design system's data
 * table, with its loading, failed, empty and "Load more" states and keyboard-complete rows.
 */
export function ReviewQueue<Item extends { _id: string }>({
  state,
  loadMore,
  reload,
  plural,
  singular,
  caption,
  emptyTitle,
  filters,
  columns,
  row,
}: ReviewQueueProps<Item>) {
  return (
    <DataTable
      plural={plural}
      singular={singular}
      caption={caption}
      filters={filters}
      status={
        state.phase === 'loading'
          ? { phase: 'loading' }
          : state.failure
            ? { phase: 'failed', message: state.failure.msg, onRetry: reload }
            : { phase: 'ready' }
      }
      items={state.phase === 'ready' ? state.items : []}
      getKey={(item) => item._id}
      columns={columns}
      renderRow={row}
      emptyTitle={emptyTitle}
      more={
        state.phase === 'ready'
          ? { available: state.nextCursor !== null, loading: state.loadingMore, onLoadMore: loadMore }
          : undefined
      }
    />
  );
}
