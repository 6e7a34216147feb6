import { type Schemas, unwrap } from '@ledgerline/api-client';
import { Money, Table } from '@ledgerline/ui';
import { useId } from 'react';
import { api } from '../../../api/api';
import { useKeysetQuery } from '../../../api/keysetQuery';
import { formatDateTime } from '../../../shared/formatDate';
import { ReviewQueue } from '../review/ReviewQueue';
import * as styles from '../review/ReviewQueue.css';

type LedgerEntry = Schemas['LedgerEntry'];

/** What each kind of ledger entry is, as an operator reads it. */
const entryLabels: Record<LedgerEntry['kind'], string> = {
  deposit: 'Deposit',
  withdrawal_hold: 'Withdrawal held',
  withdrawal_release: 'Withdrawal released',
  withdrawal_paid: 'Withdrawal paid',
  profit: 'Profit',
  bonus: 'Bonus',
  adjustment: 'Adjustment',
  referral_bonus: 'Referral bonus',
  fund_investment: 'Fund investment',
  fund_investment_refund: 'Fund investment returned',
  fund_redemption: 'Fund redemption',
};

/** Entries per page of a user's ledger: enough for a few weeks of activity under their figures. */
export const ledgerPageSize = 20;

/**
 * A user's ledger, newest first, one keyset page at a time; each entry comes with its account's
 * balance after it, which the server sums from the entries, so it runs on across pages.
 */
export function useUserLedger(userId: string) {
  return useKeysetQuery<LedgerEntry>(
    ['get', '/admin/users/{userId}/ledger-entries', { params: { path: { userId } } }],
    (cursor, signal) =>
      unwrap(
        api.GET('/admin/users/{userId}/ledger-entries', {
          params: { path: { userId }, query: { limit: ledgerPageSize, cursor } },
          signal,
        }),
      ),
  );
}

/** The ledger on a user's page: each entry, its account, its amount and the balance after it. */
export function UserLedger({ ledger }: { ledger: ReturnType<typeof useUserLedger> }) {
  const headingId = useId();
  const { state, loadMore, reload } = ledger;
  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <h2 id={headingId} className={styles.cardTitle}>
        Ledger
      </h2>
      <ReviewQueue
        state={state}
        loadMore={loadMore}
        reload={reload}
        plural="ledger entries"
        singular="ledger entry"
        caption="Ledger"
        emptyTitle="Nothing on this user's ledger yet"
        columns={
          <Table.Row>
            <Table.ColumnHeader>Entry</Table.ColumnHeader>
            <Table.ColumnHeader>Account</Table.ColumnHeader>
            <Table.ColumnHeader numeric>Amount</Table.ColumnHeader>
            <Table.ColumnHeader numeric>Balance after</Table.ColumnHeader>
          </Table.Row>
        }
        row={(entry) => (
          <Table.Row key={entry._id}>
            <Table.RowHeader className={styles.wrapping}>
              {entryLabels[entry.kind]}
              <span className={styles.meta}>
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                <span aria-hidden="true"> · </span>
                <span className={styles.mono}>{entry.ref}</span>
                {entry.memo ? ` · ${entry.memo}` : ''}
              </span>
            </Table.RowHeader>
            <Table.Cell>{entry.account === 'available' ? 'Available' : 'Held'}</Table.Cell>
            <Table.Cell numeric>
              <Money
                amount={Math.abs(entry.amount)}
                sign={entry.amount < 0 ? 'debit' : 'credit'}
                display="code"
              />
            </Table.Cell>
            <Table.Cell numeric>
              <Money amount={entry.balanceAfter} display="code" colored={false} />
            </Table.Cell>
          </Table.Row>
        )}
      />
    </section>
  );
}
