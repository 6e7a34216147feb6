import {
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { visuallyHidden } from '../../styles/visuallyHidden.css';
import { Button } from '../Button/Button';
import { Card } from '../Card/Card';
import { EmptyState } from '../EmptyState/EmptyState';
import { Spinner } from '../Spinner/Spinner';
import { Table } from '../Table/Table';
import * as styles from './DataTable.css';

/** What the table shows: loading its first page, a failure, or rows (maybe none). */
export type DataTableStatus =
  | { phase: 'loading' }
  | { phase: 'failed'; message: ReactNode; onRetry: () => void }
  | { phase: 'ready' };

/**
 * Props for a row's one action (its "Review" or "Open" button): spread them on it. They make the
 * actions one stop in the tab order that the arrow keys move through.
 */
export type DataTableRowAction = {
  tabIndex: 0 | -1;
  'data-row-action': number;
  onFocus: (event: FocusEvent<HTMLElement>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
};

export type DataTableProps<Item> = {
  /** What the table lists, plural and singular: `deposits`, `deposit`. */
  plural: string;
  singular: string;
  /** The table's caption; the plural, capitalised, when not given. Kept for screen readers only. */
  caption?: string;
  status: DataTableStatus;
  items: readonly Item[];
  /** A stable key per row: it keeps a row's focus across reloads. */
  getKey: (item: Item) => string;
  /** The header row (`Table.Row` of `Table.ColumnHeader`s). */
  columns: ReactNode;
  /** One `Table.Row`; spread `action` on the row's action button. */
  renderRow: (item: Item, action: DataTableRowAction) => ReactNode;
  /** Shown when the table is ready with no row: "No deposit is waiting for review". */
  emptyTitle: ReactNode;
  emptyDescription?: ReactNode;
  /** The filters above the table (`Select`s, fields), in a row that wraps. */
  filters?: ReactNode;
  /** Paging by keyset: whether more rows follow, whether they are loading, and how to ask for them. */
  more?: { available: boolean; loading: boolean; onLoadMore: () => void };
};

/** Where focus can move from an action, by key. */
const moves: Record<string, (index: number, last: number) => number> = {
  ArrowDown: (index, last) => Math.min(index + 1, last),
  ArrowUp: (index) => Math.max(index - 1, 0),
  Home: () => 0,
  End: (_index, last) => last,
};

/**
 * A list of records as a table, with what every back-office list needs around it: filters, its
 * loading, failed ("Try again") and empty states, "Load more" by keyset, and a count for screen
 * readers.
 *
 * The keyboard: each row has one action; the actions are one tab stop, ArrowUp/ArrowDown (Home/End)
 * move between them, and Enter or Space opens. When the focused row leaves the list (reviewed,
 * reloaded, filtered out), focus moves to the row now in its place, or the last row, rather than
 * being lost to the page.
 */
export function DataTable<Item>({
  plural,
  singular,
  caption,
  status,
  items,
  getKey,
  columns,
  renderRow,
  emptyTitle,
  emptyDescription,
  filters,
  more,
}: DataTableProps<Item>) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  // The row whose action is the table's tab stop, by key; the first row when it is gone.
  const [activeKey, setActiveKey] = useState<string | null>(null);
  // The action that last had focus, and its row's place, so focus can follow a row that left.
  const lastFocused = useRef<{ element: HTMLElement; index: number } | null>(null);
  const rows = status.phase === 'ready' ? items : [];
  const keys = rows.map(getKey);
  const activeIndex = Math.max(activeKey === null ? 0 : keys.indexOf(activeKey), 0);

  const focusAction = useCallback((index: number) => {
    bodyRef.current?.querySelector<HTMLElement>(`[data-row-action="${index}"]`)?.focus();
  }, []);

  // After the rows change: if the focused action was removed with its row, and focus fell to the
  // page, it goes to the row now at that place (or the last row).
  useLayoutEffect(() => {
    const last = lastFocused.current;
    if (!last || last.element.isConnected || keys.length === 0) return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    lastFocused.current = null;
    focusAction(Math.min(last.index, keys.length - 1));
  });

  const actionFor = (item: Item, index: number): DataTableRowAction => ({
    tabIndex: index === activeIndex ? 0 : -1,
    'data-row-action': index,
    onFocus: (event) => {
      lastFocused.current = { element: event.currentTarget, index };
      setActiveKey(getKey(item));
    },
    onKeyDown: (event) => {
      const move = moves[event.key];
      if (!move || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      event.preventDefault();
      focusAction(move(index, keys.length - 1));
    },
  });

  const title = caption ?? `${plural.charAt(0).toUpperCase()}${plural.slice(1)}`;
  return (
    <div className={styles.root}>
      {filters && <div className={styles.filters}>{filters}</div>}
      <p className={visuallyHidden} aria-live="polite">
        {status.phase === 'ready'
          ? `Showing ${rows.length} ${rows.length === 1 ? singular : plural}${more?.available ? ', more available' : ''}.`
          : ''}
      </p>
      {status.phase === 'loading' ? (
        <div className={styles.loading}>
          <Spinner label={`Loading the ${plural}`} size="lg" />
        </div>
      ) : status.phase === 'failed' ? (
        <EmptyState
          title={`The ${plural} could not be loaded`}
          description={status.message}
          action={
            <Button variant="secondary" onClick={status.onRetry}>
              Try again
            </Button>
          }
        />
      ) : rows.length === 0 ? (
        <EmptyState title={emptyTitle} description={emptyDescription} />
      ) : (
        <Card padding="none">
          <Table.Root caption={title} captionHidden>
            <Table.Head>{columns}</Table.Head>
            <Table.Body ref={bodyRef}>
              {rows.map((item, index) => renderRow(item, actionFor(item, index)))}
            </Table.Body>
          </Table.Root>
        </Card>
      )}
      {status.phase === 'ready' && more?.available && (
        <div className={styles.more}>
          <Button variant="secondary" loading={more.loading} onClick={more.onLoadMore}>
            Load more
          </Button>
        </div>
      )}
    </div>
  );
}
