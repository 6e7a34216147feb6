import { type Schemas, unwrap } from '@ledgerline/api-client';
import { AddressText, Button, Money, Table, visuallyHidden } from '@ledgerline/ui';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { api } from '../../../api/api';
import { useKeysetQuery } from '../../../api/keysetQuery';
import { coinName } from '../../../shared/coins';
import { DashboardPage } from '../../../shared/DashboardPage';
import { formatDateTime } from '../../../shared/formatDate';
import { queryPageSize } from '../review/QueueFilters';
import { Detail, ReviewDialog } from '../review/ReviewDialog';
import { ReviewQueue } from '../review/ReviewQueue';
import * as styles from '../review/ReviewQueue.css';
import { rowAsLoaded } from '../review/useQueueLive';
import { summaryQuery } from '../summaryQuery';

type Approval = Schemas['Approval'];

const pendingQuery = { status: 'pending' } as const;
const queryKey = ['get', '/admin/approvals', { params: { query: pendingQuery } }] as const;

/** Why an admin cannot approve what they proposed: said where they would otherwise approve it. */
export const ownProposalNote = 'You proposed this: another admin must approve it.';
/** Why an admin cannot approve their own removal: they are no second pair of eyes on themselves. */
export const ownRemovalNote = 'This proposal removes you: another admin must approve it.';

/** Why the signed-in admin cannot approve it, if they cannot: their own proposal, or their own removal. */
function whyNotApprovable(approval: Approval): string | null {
  if (approval.ownProposal) return ownProposalNote;
  if (approval.ownRemoval) return ownRemovalNote;
  return null;
}

/**
 * The change in a few words: "Bonus of $500.00 to jane@example.com", "New address for Ethereum main",
 * "Invite grace@example.com to the admins".
 */
function changeOf(approval: Approval): ReactNode {
  const { posting, wallet, admin } = approval;
  if (admin) {
    return admin.change === 'invite'
      ? `Invite ${admin.email} to the admins`
      : `Remove ${admin.email} from the admins`;
  }
  if (posting) {
    const sign = posting.amount < 0 ? 'debit' : 'credit';
    return (
      <>
        {posting.kind === 'bonus' ? 'Bonus' : 'Adjustment'} of{' '}
        <Money amount={Math.abs(posting.amount)} sign={sign} colored={false} />{' '}
        {sign === 'debit' ? 'from' : 'to'} {posting.user.email}
      </>
    );
  }
  if (!wallet) return 'A change';
  if (wallet.change === 'create') return `New wallet: ${wallet.walletName}`;
  const { previous } = wallet;
  if (previous && (previous.address !== wallet.address || previous.type !== wallet.type)) {
    return `New address for ${wallet.walletName}`;
  }
  return `Reactivate ${wallet.walletName}`;
}

/** What approving applies, and what it replaces. */
function detailsOf(approval: Approval): ReactNode {
  const { posting, wallet, admin } = approval;
  const whyNot = whyNotApprovable(approval);
  return (
    <dl className={styles.details}>
      {whyNot && <Detail term="Why you cannot approve it">{whyNot}</Detail>}
      {posting && (
        <>
          <Detail term="User">
            <span className={styles.name}>{posting.user.fullname}</span> ({posting.user.email})
          </Detail>
          <Detail term="Amount">
            <Money amount={posting.amount} sign={posting.amount < 0 ? 'debit' : 'credit'} />
          </Detail>
          <Detail term="Memo">{posting.memo}</Detail>
        </>
      )}
      {admin?.change === 'invite' && (
        <Detail term="Once approved">
          {admin.email} is mailed a link to join the back office, valid for 72 hours.
        </Detail>
      )}
      {admin?.change === 'remove' && (
        <>
          <Detail term="Admin">
            {admin.user ? <span className={styles.name}>{admin.user.fullname}</span> : null} ({admin.email})
          </Detail>
          <Detail term="Once approved">
            {approval.ownRemoval
              ? 'You become a user again and are signed out everywhere.'
              : 'They become a user again and are signed out everywhere. They cannot approve this themselves.'}
          </Detail>
        </>
      )}
      {wallet && (
        <>
          <Detail term="Wallet">{wallet.walletName}</Detail>
          <Detail term="Coin">{coinName(wallet.type)}</Detail>
          <Detail term="Address">
            <AddressText address={wallet.address} />
          </Detail>
          {wallet.previous && wallet.previous.address !== wallet.address && (
            <Detail term="Address until now">
              <AddressText address={wallet.previous.address} />
            </Detail>
          )}
          <Detail term="Status once approved">{wallet.active ? 'Active' : 'Inactive'}</Detail>
        </>
      )}
    </dl>
  );
}

/**
 * /admin/approvals: "Waiting for a second approval". No one admin can post money to a user, point
 * deposits at a new address, or (once there are two admins) change the team of admins: such a change
 * is proposed by one admin and listed here, and applies only
 * when another admin approves it (with a fresh two-factor code when they have two-factor on), or is
 * rejected with a reason. An admin's own proposals, and a proposal to remove them, are listed too,
 * with why they cannot approve them.
 */
export function ApprovalsScreen() {
  const queryClient = useQueryClient();
  const { state, loadMore, reload } = useKeysetQuery<Approval>(queryKey, (cursor, signal) =>
    unwrap(
      api.GET('/admin/approvals', {
        params: { query: { ...pendingQuery, limit: queryPageSize, cursor } },
        signal,
      }),
    ),
  );
  const [selected, setSelected] = useState<Approval | null>(null);
  const reviewed = () => {
    void queryClient.invalidateQueries({ queryKey: ['get', '/admin/approvals'] });
    void queryClient.invalidateQueries({ queryKey: summaryQuery.queryKey });
  };

  return (
    <DashboardPage
      title="Waiting for a second approval"
      brief="Postings, wallet changes and changes to the team an admin proposed. Each applies only when another admin approves it."
    >
      <ReviewQueue
        state={state}
        loadMore={loadMore}
        reload={reload}
        plural="proposals"
        singular="proposal"
        emptyTitle="Nothing is waiting for a second approval"
        columns={
          <Table.Row>
            <Table.ColumnHeader>Change</Table.ColumnHeader>
            <Table.ColumnHeader>Proposed by</Table.ColumnHeader>
            <Table.ColumnHeader>Proposed</Table.ColumnHeader>
            <Table.ColumnHeader>
              <span className={visuallyHidden}>Review</span>
            </Table.ColumnHeader>
          </Table.Row>
        }
        row={(row, action) => {
          const whyNot = whyNotApprovable(row);
          return (
            <Table.Row key={row._id}>
              <Table.RowHeader>
                {changeOf(row)}
                {whyNot && <span className={styles.meta}>{whyNot}</span>}
              </Table.RowHeader>
              <Table.Cell>
                <span className={styles.user}>{row.proposedBy.fullname}</span>
                <span className={styles.meta}>{row.proposedBy.email}</span>
              </Table.Cell>
              <Table.Cell>
                <time dateTime={row.proposedAt}>{formatDateTime(row.proposedAt)}</time>
              </Table.Cell>
              <Table.Cell>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-haspopup="dialog"
                  onClick={() => setSelected(row)}
                  {...action}
                >
                  {whyNot ? 'View' : 'Review'}
                  <span className={visuallyHidden}> the proposal of {row.proposedBy.email}</span>
                </Button>
              </Table.Cell>
            </Table.Row>
          );
        }}
      />
      <ReviewDialog
        item={rowAsLoaded(selected, state)}
        noun="proposal"
        onClose={() => setSelected(null)}
        onReviewed={reviewed}
        title={(row) =>
          row.posting ? 'Proposed posting' : row.admin ? 'Proposed team change' : 'Proposed wallet change'
        }
        description={(row) => (
          <>
            By <span className={styles.name}>{row.proposedBy.fullname}</span> ({row.proposedBy.email}),{' '}
            {formatDateTime(row.proposedAt)}.
          </>
        )}
        details={detailsOf}
        confirmation={(row) => (
          <p className={styles.confirm}>
            Apply this change now: {changeOf(row)}? It cannot be undone, only corrected by another change.
          </p>
        )}
        approveLabel={() => 'Approve and apply'}
        reviewable={(row) => row.status === 'pending' && whyNotApprovable(row) === null}
        stepUp
        approve={(row, twoFactorCode) =>
          unwrap(
            api.POST('/admin/approvals/{approvalId}/approve', {
              params: { path: { approvalId: row._id } },
              body: twoFactorCode === undefined ? {} : { twoFactorCode },
            }),
          )
        }
        reject={(row, reason) =>
          unwrap(
            api.POST('/admin/approvals/{approvalId}/reject', {
              params: { path: { approvalId: row._id } },
              body: { reason },
            }),
          )
        }
      />
    </DashboardPage>
  );
}
