import { clsx } from 'clsx';
import {
  type ComponentPropsWithRef,
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { visuallyHidden } from '../../styles/visuallyHidden.css';
import {
  caption as captionStyle,
  cell,
  empty as emptyStyle,
  scroller,
  sortButton,
  sortIcon,
  table,
} from './Table.css';

/** Which column orders the rows, and which way. */
export type TableSort = { column: string; direction: 'ascending' | 'descending' };

type SortContextValue = { sort?: TableSort; onSortChange?: (sort: TableSort) => void };
const SortContext = createContext<SortContextValue>({});

export type TableRootProps = Omit<ComponentPropsWithRef<'table'>, 'children'> & {
  /** What the table lists; also names its scrolling region. */
  caption: ReactNode;
  /** Keeps the caption for screen readers only, when a heading above says the same. @default false */
  captionHidden?: boolean;
  /** The current order (controlled); sortable headers show it with `aria-sort`. @default undefined */
  sort?: TableSort;
  /** Called when a sortable header is pressed, with the order asked for. @default undefined */
  onSortChange?: (sort: TableSort) => void;
  /** `Table.Head` and `Table.Body`. */
  children: ReactNode;
};

/**
 * The table. On a screen narrower than its content it scrolls sideways inside its frame; the frame
 * then becomes a named, focusable region so keyboard users can scroll it too.
 */
function Root({
  caption,
  captionHidden = false,
  sort,
  onSortChange,
  className,
  children,
  ...rest
}: TableRootProps) {
  const captionId = useId();
  const scrollerRef = useRef<HTMLDivElement>(null);
  const [overflowing, setOverflowing] = useState(false);

  useEffect(() => {
    const frame = scrollerRef.current;
    if (!frame) return;
    const measure = () => setOverflowing(frame.scrollWidth > frame.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(frame);
    if (frame.firstElementChild) observer.observe(frame.firstElementChild);
    return () => observer.disconnect();
  }, []);

  return (
    <SortContext.Provider value={{ sort, onSortChange }}>
      <div
        ref={scrollerRef}
        className={scroller}
        {...(overflowing ? { role: 'region', 'aria-labelledby': captionId, tabIndex: 0 } : {})}
      >
        <table className={clsx(table, className)} {...rest}>
          <caption id={captionId} className={captionHidden ? visuallyHidden : captionStyle}>
            {caption}
          </caption>
          {children}
        </table>
      </div>
    </SortContext.Provider>
  );
}

/** The header rows. */
function Head(props: ComponentPropsWithRef<'thead'>) {
  return <thead {...props} />;
}

/** The data rows. */
function Body(props: ComponentPropsWithRef<'tbody'>) {
  return <tbody {...props} />;
}

/** One row. */
function Row(props: ComponentPropsWithRef<'tr'>) {
  return <tr {...props} />;
}

export type TableColumnHeaderProps = ComponentPropsWithRef<'th'> & {
  /** Right-aligns the column's header, for numbers and amounts. @default false */
  numeric?: boolean;
  /** Makes the header a button that sorts by this key (see `sort` and `onSortChange` on Root). @default undefined */
  sortKey?: string;
};

function SortIcon({ direction }: { direction: TableSort['direction'] | 'none' }) {
  return (
    <svg viewBox="0 0 16 16" className={sortIcon} aria-hidden="true" focusable="false">
      <path
        d="M5 6.5 8 3.5l3 3"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
        opacity={direction === 'descending' ? 0.35 : 1}
      />
      <path
        d="M5 9.5 8 12.5l3-3"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
        opacity={direction === 'ascending' ? 0.35 : 1}
      />
    </svg>
  );
}

/** A column's header; with `sortKey`, a button that sorts the rows by it. */
function ColumnHeader({ numeric = false, sortKey, className, children, ...rest }: TableColumnHeaderProps) {
  const { sort, onSortChange } = useContext(SortContext);
  const classes = clsx(cell({ kind: 'columnHeader', numeric }), className);
  if (sortKey === undefined || !onSortChange) {
    return (
      <th scope="col" className={classes} {...rest}>
        {children}
      </th>
    );
  }
  const direction = sort?.column === sortKey ? sort.direction : undefined;
  const icon = <SortIcon direction={direction ?? 'none'} />;
  return (
    // Only the sorted column carries aria-sort (ARIA: at most one per table).
    <th scope="col" aria-sort={direction} className={classes} {...rest}>
      <button
        type="button"
        className={sortButton}
        onClick={() =>
          onSortChange({
            column: sortKey,
            direction: direction === 'ascending' ? 'descending' : 'ascending',
          })
        }
      >
        {/* In a right-aligned column the icon goes first, so the label's end lines up with the numbers. */}
        {numeric && icon}
        {children}
        {!numeric && icon}
      </button>
    </th>
  );
}

export type TableCellProps = ComponentPropsWithRef<'td'> & {
  /** Right-aligns the value with tabular digits, for numbers and amounts. @default false */
  numeric?: boolean;
  /** Lets long text wrap; values otherwise stay on one line. @default false */
  wrap?: boolean;
};

/** A data cell. */
function Cell({ numeric = false, wrap = false, className, ...rest }: TableCellProps) {
  return <td className={clsx(cell({ kind: 'data', numeric, wrap }), className)} {...rest} />;
}

export type TableRowHeaderProps = ComponentPropsWithRef<'th'> & {
  /** Right-aligns the value with tabular digits. @default false */
  numeric?: boolean;
};

/** The cell that names its row (a coin's name, a transaction's reference). */
function RowHeader({ numeric = false, className, ...rest }: TableRowHeaderProps) {
  return <th scope="row" className={clsx(cell({ kind: 'rowHeader', numeric }), className)} {...rest} />;
}

export type TableEmptyProps = Omit<ComponentPropsWithRef<'tr'>, 'children'> & {
  /** How many columns the message spans: the number of column headers. */
  colSpan: number;
  /** What to say, e.g. "You currently do not have any transaction history". */
  children: ReactNode;
};

/** The one row of an empty table: a message across all columns. */
function Empty({ colSpan, children, ...rest }: TableEmptyProps) {
  return (
    <tr {...rest}>
      <td colSpan={colSpan} className={emptyStyle}>
        {children}
      </td>
    </tr>
  );
}

/**
 * A table of records: caption, optional sortable headers, numbers right-aligned in tabular
 * digits, sideways scrolling on narrow screens. Compose `Table.Root` > `Table.Head`/`Table.Body` >
 * `Table.Row` > `Table.ColumnHeader`/`Table.RowHeader`/`Table.Cell`, or `Table.Empty`.
 */
export const Table = { Root, Head, Body, Row, ColumnHeader, RowHeader, Cell, Empty };
