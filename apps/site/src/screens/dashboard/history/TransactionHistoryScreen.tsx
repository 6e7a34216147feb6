import { coinTypes } from '@ledgerline/rules/coins';
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
import { useEffect, useRef, useState } from 'react';
import { useReload } from '../../../api/queryClient';
import { coinName } from '../../../shared/coins';
import { DashboardPage } from '../../../shared/DashboardPage';
import { formatDateTime } from '../../../shared/formatDate';
import { networkShortNames } from '../../../shared/networks';
import { showRequestFailure } from '../../../shared/requestFailure';
import { transactionStatusLabels } from '../../../shared/requestStatus';
import { CancelWithdrawalDialog } from './CancelWithdrawalDialog';
import { downloadTransactionsCsv } from './downloadTransactionsCsv';
import { TransactionDetailDialog } from './TransactionDetailDialog';
import * as styles from './TransactionHistoryScreen.css';
import {
  fundPricingText,
  isFundRow,
  isSettled,
  kindLabels,
  signOf,
  type Transaction,
} from './transactionText';
import { type HistoryFilters, noFilters, useTransactions } from './useTransactions';

/** The history's empty message, word for word. */
export const emptyHistoryMessage = 'You currently do not have any transaction history';

const kindOptions: SelectOption<HistoryFilters['kind']>[] = [
  { value: 'all', label: 'All kinds' },
  ...Object.entries(kindLabels).map(([value, label]) => ({ value: value as keyof typeof kindLabels, label })),
];
const statusOptions: SelectOption<HistoryFilters['status']>[] = [
  { value: 'all', label: 'All statuses' },
  ...Object.entries(transactionStatusLabels).map(([value, label]) => ({
    value: value as keyof typeof transactionStatusLabels,
    label,
  })),
];
const coinOptions: SelectOption<HistoryFilters['coin']>[] = [
  { value: 'all', label: 'All coins' },
  ...coinTypes.map((coin) => ({ value: coin, label: coinName(coin) })),
];

const isFiltered = (filters: HistoryFilters) =>
  filters.kind !== 'all' || filters.status !== 'all' || filters.coin !== 'all';

/**
 * What a row is about besides its kind: the fund (with its units and price, or what it waits for),
 * the coin (and network) moved, or the admin's note.
 */
function RowSubject({ row }: { row: Transaction }) {
  if (isFundRow(row)) {
    const pricing = fundPricingText(row);
    return (
      <>
        {row.fundName}
        {pricing && <span className={styles.pricing}>{pricing}</span>}
      </>
    );
  }
  if (row.type) {
    return (
      <span className={styles.coin}>
        <CoinIcon coin={row.type} size="sm" title={null} />
        {coinName(row.type)}
        {row.network && row.type === 'usdt' ? ` (${networkShortNames[row.network]})` : ''}
      </span>
    );
  }
  return row.memo ? <span className={styles.memo}>{row.memo}</span> : null;
}

/**
 * No rows: the empty message, or (when filters leave nothing) a way back to every row. A failed load
 * also shows the empty message, with no error of its own.
 */
function NothingToShow({ filtered, onShowAll }: { filtered: boolean; onShowAll: () => void }) {
  if (!filtered) return <EmptyState title={emptyHistoryMessage} />;
  return (
    <EmptyState
      title="No transactions match these filters"
      description="Try another kind, status or coin, or show all your transactions."
      action={
        <Button variant="secondary" onClick={onShowAll}>
          Show all transactions
        </Button>
      }
    />
  );
}

/**
 * /dashboard/transaction-history: deposits, withdrawals, profit, bonus, adjustments, and investments
 * in and redemptions from funds (with their units and price) with their signed amounts and states, filters, keyset "Load more", a CSV export and a detail dialog. A pending
 * withdrawal's details offer to cancel it, after a confirmation.
 */
export function TransactionHistoryScreen() {
  const [filters, setFilters] = useState<HistoryFilters>(noFilters);
  // A review or a posting invalidates the rows (src/live/liveQueries.ts): they load again, shown meanwhile.
  const { state, loadMore } = useTransactions(filters);
  const [selected, setSelected] = useState<Transaction | null>(null);
  const [cancelling, setCancelling] = useState<Transaction | null>(null);
  /** The reference of the withdrawal last asked to be cancelled: its row takes focus back after. */
  const cancelledRef = useRef<string | null>(null);
  const reloadHistory = useReload(['get', '/transaction-history']);
  const reloadBalances = useReload(['get', '/users/user-info']);
  const [downloading, setDownloading] = useState(false);
  const tableRef = useRef<HTMLDivElement>(null);

  // After "Load more", focus moves to the first new row (once it is rendered), so keyboard users
  // carry on where the list grew rather than on the page, where the removed button left them.
  const focusRowRef = useRef<number | null>(null);

  const setFilter = <Key extends keyof HistoryFilters>(key: Key, value: HistoryFilters[Key]) => {
    focusRowRef.current = null;
    setFilters((current) => ({ ...current, [key]: value }));
  };

  const download = async () => {
    setDownloading(true);
    try {
      await downloadTransactionsCsv(filters);
    } catch (error) {
      showRequestFailure(error);
    } finally {
      setDownloading(false);
    }
  };

  const showMore = async () => {
    if (state.phase !== 'ready') return;
    focusRowRef.current = state.items.length;
    await loadMore();
  };

  const rows = state.phase === 'ready' ? state.items : [];
  const failure = state.phase === 'ready' ? state.failure : null;
  useEffect(() => {
    // The history shows its empty message when it cannot load; the reason goes to the console.
    if (failure) console.error('The transaction history could not be loaded', failure);
  }, [failure]);
  useEffect(() => {
    const index = focusRowRef.current;
    if (index === null || rows.length <= index) return;
    focusRowRef.current = null;
    tableRef.current?.querySelectorAll<HTMLElement>('tbody tr button')[index]?.focus();
  }, [rows]);

  return (
    <DashboardPage
      title="Transaction History"
      brief="Every deposit, withdrawal, profit, bonus and adjustment on your account, newest first."
    >
      <div className={styles.toolbar}>
        <div className={styles.filters}>
          <Select
            label="Kind"
            options={kindOptions}
            value={filters.kind}
            onValueChange={(value) => setFilter('kind', value)}
          />
          <Select
            label="Status"
            options={statusOptions}
            value={filters.status}
            onValueChange={(value) => setFilter('status', value)}
          />
          <Select
            label="Coin"
            options={coinOptions}
            value={filters.coin}
            onValueChange={(value) => setFilter('coin', value)}
          />
        </div>
        <Button variant="secondary" loading={downloading} onClick={download}>
          Download CSV
        </Button>
      </div>
      <p className={visuallyHidden} aria-live="polite">
        {state.phase === 'loading'
          ? ''
          : `Showing ${rows.length} ${rows.length === 1 ? 'transaction' : 'transactions'}${state.nextCursor ? ', more available' : ''}.`}
      </p>
      {state.phase === 'loading' ? (
        <div className={styles.loading}>
          <Spinner label="Loading your transactions" size="lg" />
        </div>
      ) : rows.length === 0 ? (
        <NothingToShow
          filtered={isFiltered(filters) && state.failure === null}
          onShowAll={() => setFilters(noFilters)}
        />
      ) : (
        <Card padding="none">
          <div ref={tableRef} className={styles.history}>
            {/*
              On a phone the rows are stacked with CSS (see the styles): the explicit roles keep the
              table's semantics in browsers that drop them when a table part is not displayed as one.
            */}
            <Table.Root caption="Your transactions" captionHidden className={styles.table} role="table">
              <Table.Head className={styles.head} role="rowgroup">
                <Table.Row role="row">
                  <Table.ColumnHeader role="columnheader">Transaction</Table.ColumnHeader>
                  <Table.ColumnHeader numeric role="columnheader">
                    Amount
                  </Table.ColumnHeader>
                  <Table.ColumnHeader role="columnheader">Status</Table.ColumnHeader>
                  <Table.ColumnHeader className={styles.holdsHiddenText} role="columnheader">
                    <span className={visuallyHidden}>Details</span>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Head>
              <Table.Body className={styles.body} role="rowgroup">
                {rows.map((row) => (
                  <Table.Row key={row._id} className={styles.row} role="row">
                    <Table.RowHeader className={styles.transactionCell} role="rowheader">
                      <span className={styles.kind}>{kindLabels[row.trxType]}</span>
                      <span className={styles.subject}>
                        <RowSubject row={row} />
                      </span>
                      <span className={styles.meta}>
                        <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
                        <span aria-hidden="true"> · </span>
                        <span className={styles.mono}>{row.ref}</span>
                      </span>
                    </Table.RowHeader>
                    <Table.Cell numeric className={styles.cell} role="cell">
                      <Money amount={row.amount} sign={signOf(row)} colored={isSettled(row)} display="code" />
                    </Table.Cell>
                    <Table.Cell className={styles.cell} role="cell">
                      <StatusBadge status={row.status} />
                    </Table.Cell>
                    <Table.Cell className={styles.detailsCell} role="cell">
                      <Button
                        className={styles.holdsHiddenText}
                        variant="ghost"
                        size="sm"
                        aria-haspopup="dialog"
                        onClick={() => setSelected(row)}
                      >
                        Details<span className={visuallyHidden}> of {row.ref}</span>
                      </Button>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </div>
        </Card>
      )}
      {state.phase === 'ready' && state.nextCursor && (
        <div className={styles.more}>
          <Button variant="secondary" loading={state.loadingMore} onClick={showMore}>
            Load more
          </Button>
        </div>
      )}
      <TransactionDetailDialog
        transaction={selected}
        onClose={() => setSelected(null)}
        onCancelWithdrawal={(withdrawal) => {
          cancelledRef.current = withdrawal.ref;
          setSelected(null);
          setCancelling(withdrawal);
        }}
      />
      <CancelWithdrawalDialog
        withdrawal={cancelling}
        onClose={() => setCancelling(null)}
        onSettled={() => {
          reloadHistory();
          reloadBalances();
        }}
        onCloseAutoFocus={(event) => {
          // The details it was asked from have closed: focus goes back to the row's Details button.
          const ref = cancelledRef.current;
          const button = [...(tableRef.current?.querySelectorAll('tbody tr button') ?? [])].find(
            (candidate) => candidate.textContent === `Details of ${ref}`,
          );
          if (button instanceof HTMLElement) {
            event.preventDefault();
            button.focus();
          }
        }}
      />
    </DashboardPage>
  );
}
