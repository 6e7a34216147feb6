import { ApiError, type Schemas, unwrap } from '@ledgerline/api-client';
import { centsToUsdNumber, usdNumberToCents } from '@ledgerline/api-client/usd';
import { Button, Card, EmptyState, Money, NotificationContent, Spinner, Table } from '@ledgerline/ui';
import { useState } from 'react';
import { api } from '../../../api/api';
import { useApiData } from '../../../api/useApiData';
import { formatDateTime } from '../../dashboard/history/transactionText';
import { DashboardPage } from '../../dashboard/shared/DashboardPage';
import { Detail } from '../review/ReviewDialog';
import * as styles from '../review/ReviewQueue.css';
import { SetNotificationDialog } from './NotificationDialog';
import { PostingDialog } from './PostingDialog';
import { UserRequests } from './UserRequests';

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
};

/**
 * Each entry with its account's balance just after it, in cents: the entries come newest first, so
 * the newest is followed by today's balance, and each older one by what it was before the newer.
 */
export function withRunningBalances(
  entries: readonly LedgerEntry[],
  now: { available: number; held: number },
): { entry: LedgerEntry; balanceAfter: number }[] {
  const cents = { available: usdNumberToCents(now.available) ?? 0, held: usdNumberToCents(now.held) ?? 0 };
  return entries.map((entry) => {
    const balanceAfter = centsToUsdNumber(cents[entry.account]);
    cents[entry.account] -= usdNumberToCents(entry.amount) ?? 0;
    return { entry, balanceAfter };
  });
}

/**
 * /admin/users/$userId: one user's profile and figures, and their ledger (newest first, with the
 * account's balance after each entry); "Post to the ledger" credits or debits them.
 */
export function UserScreen({ userId }: { userId: string }) {
  const data = useApiData(() => unwrap(api.GET('/admin/users/{userId}', { params: { path: { userId } } })));
  const [posting, setPosting] = useState(false);
  const [notifying, setNotifying] = useState(false);

  if (data.status === 'loading') {
    return (
      <DashboardPage title="User">
        <div className={styles.loading}>
          <Spinner label="Loading the user" size="lg" />
        </div>
      </DashboardPage>
    );
  }
  if (data.status === 'failed') {
    return (
      <DashboardPage title="User">
        <EmptyState
          title={
            data.error instanceof ApiError && data.error.status === 404
              ? 'No such user'
              : 'The user could not be loaded'
          }
          description={data.error.msg}
        />
      </DashboardPage>
    );
  }

  const { user, ledger } = data.data;
  const rows = withRunningBalances(ledger, {
    available: user.availableBalance,
    held: user.pendingWithdrawals,
  });
  return (
    <DashboardPage
      title={<span className={styles.name}>{user.fullname}</span>}
      brief={`${user.email} · signed up ${formatDateTime(user.createdAt)}`}
      actions={<Button onClick={() => setPosting(true)}>Post to the ledger…</Button>}
    >
      <Card>
        <dl className={styles.facts}>
          <Detail term="Available">
            <Money amount={user.availableBalance} display="code" colored={false} />
          </Detail>
          <Detail term="Held for withdrawals">
            <Money amount={user.pendingWithdrawals} display="code" colored={false} />
          </Detail>
          <Detail term="Deposits">
            <Money amount={user.deposits} display="code" colored={false} />
          </Detail>
          <Detail term="Profit and bonus">
            <Money amount={user.moneyEarned} display="code" colored={false} />
          </Detail>
          <Detail term="Tier">{user.accountTier}</Detail>
          <Detail term="Email">{user.emailVerified ? 'Verified' : 'Not verified'}</Detail>
          <Detail term="Phone">{user.phone || '—'}</Detail>
          <Detail term="Country">{user.country || '—'}</Detail>
        </dl>
      </Card>
      <Card>
        <div className={styles.notification}>
          <div>
            <h2 className={styles.cardTitle}>Notification</h2>
            {user.notification ? (
              <>
                <p className={styles.meta}>
                  {user.notification.persistent ? 'Stays after “Okay”' : 'Shown until “Okay”'} ·{' '}
                  {user.notification.seen ? 'seen' : 'not seen yet'} · set{' '}
                  {formatDateTime(user.notification.updatedAt)}
                </p>
                <p className={styles.notificationTitle}>{user.notification.title}</p>
                <NotificationContent html={user.notification.content} />
              </>
            ) : (
              <p className={styles.meta}>None: the user sees no notification.</p>
            )}
          </div>
          <Button variant="secondary" onClick={() => setNotifying(true)}>
            Set the notification…
          </Button>
        </div>
      </Card>
      <UserRequests userId={user._id} onReviewed={data.reload} />
      {rows.length === 0 ? (
        <EmptyState title="Nothing on this user's ledger yet" />
      ) : (
        <Card padding="none">
          <Table.Root caption="Ledger">
            <Table.Head>
              <Table.Row>
                <Table.ColumnHeader>Entry</Table.ColumnHeader>
                <Table.ColumnHeader>Account</Table.ColumnHeader>
                <Table.ColumnHeader numeric>Amount</Table.ColumnHeader>
                <Table.ColumnHeader numeric>Balance after</Table.ColumnHeader>
              </Table.Row>
            </Table.Head>
            <Table.Body>
              {rows.map(({ entry, balanceAfter }) => (
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
                    <Money amount={balanceAfter} display="code" colored={false} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Card>
      )}
      <SetNotificationDialog
        key={user.notification?.updatedAt ?? 'none'}
        open={notifying}
        user={user}
        onClose={() => setNotifying(false)}
        onSaved={() => {
          setNotifying(false);
          data.reload();
        }}
      />
      <PostingDialog
        open={posting}
        user={user}
        onClose={() => setPosting(false)}
        onPosted={() => {
          setPosting(false);
          data.reload();
        }}
      />
    </DashboardPage>
  );
}
