import { ApiError } from '@ledgerline/api-client';
import { countryCodeOf } from '@ledgerline/rules/countries';
import { displayPhone } from '@ledgerline/rules/phone';
import { Button, Card, EmptyState, Money, NotificationContent, Spinner } from '@ledgerline/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useReload } from '../../../api/queryClient';
import { DashboardPage } from '../../../shared/DashboardPage';
import { formatDateTime } from '../../../shared/formatDate';
import { Detail } from '../review/ReviewDialog';
import * as styles from '../review/ReviewQueue.css';
import { adminUserQuery } from './adminUserQuery';
import { SetNotificationDialog } from './NotificationDialog';
import { PostingDialog } from './PostingDialog';
import { UserLedger, useUserLedger } from './UserLedger';
import { UserRequests } from './UserRequests';

/**
 * /admin/users/$userId: one user's profile and figures, their requests, and their ledger (newest
 * first, a page at a time, with the account's balance after each entry); "Post to the ledger"
 * credits or debits them.
 */
export function UserScreen({ userId }: { userId: string }) {
  const data = useQuery(adminUserQuery(userId));
  const reloadUser = useReload(adminUserQuery(userId).queryKey);
  const ledger = useUserLedger(userId);
  // A posting or a review moves the user's money: their figures and their ledger load again.
  const moneyMoved = () => {
    reloadUser();
    ledger.reload();
  };
  const [posting, setPosting] = useState(false);
  const [notifying, setNotifying] = useState(false);

  if (data.isPending) {
    return (
      <DashboardPage title="User">
        <div className={styles.loading}>
          <Spinner label="Loading the user" size="lg" />
        </div>
      </DashboardPage>
    );
  }
  if (data.isError) {
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

  const { user } = data.data;
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
          <Detail term="Phone">
            {(user.phone && displayPhone(user.phone, countryCodeOf(user.country ?? ''))) || '—'}
          </Detail>
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
      <UserRequests userId={user._id} onReviewed={moneyMoved} />
      <UserLedger ledger={ledger} />
      <SetNotificationDialog
        key={user.notification?.updatedAt ?? 'none'}
        open={notifying}
        user={user}
        onClose={() => setNotifying(false)}
        onSaved={() => {
          setNotifying(false);
          reloadUser();
        }}
      />
      <PostingDialog
        open={posting}
        user={user}
        onClose={() => setPosting(false)}
        onPosted={() => {
          setPosting(false);
          moneyMoved();
        }}
      />
    </DashboardPage>
  );
}
