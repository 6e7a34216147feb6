import { type Schemas, unwrap } from '@ledgerline/api-client';
import { Button, Card, Money, Spinner, StatusBadge, Table, visuallyHidden } from '@ledgerline/ui';
import { Timeline, type TimelineItem } from '@ledgerline/ui/back-office';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useId, useState } from 'react';
import { api } from '../../../api/api';
import { useReload } from '../../../api/queryClient';
import { formatDateTime } from '../../../shared/formatDate';
import { DepositReviewDialog } from '../deposits/DepositReviewDialog';
import { type AdminRequest, requestTimeline } from '../requestTimeline';
import * as styles from '../review/ReviewQueue.css';
import { WithdrawalReviewDialog } from '../withdrawals/WithdrawalReviewDialog';

/** How many of each kind of request the user's page shows: the newest; the queues hold the rest. */
const shown = 10;

type Request =
  | { kind: 'deposit'; row: Schemas['AdminDeposit'] }
  | { kind: 'withdrawal'; row: Schemas['AdminWithdrawal'] };

/** The user's newest deposits and withdrawals together, newest first, and their latest KYC request. */
async function requestsOf(userId: string) {
  const query = { userId, limit: shown };
  const [deposits, withdrawals, kyc] = await Promise.all([
    unwrap(api.GET('/admin/deposits', { params: { query } })),
    unwrap(api.GET('/admin/withdrawals', { params: { query } })),
    unwrap(api.GET('/admin/kyc', { params: { query: { userId, limit: 1 } } })),
  ]);
  const requests: Request[] = [
    ...deposits.items.map((row) => ({ kind: 'deposit' as const, row })),
    ...withdrawals.items.map((row) => ({ kind: 'withdrawal' as const, row })),
  ].sort((a, b) => b.row.createdAt.localeCompare(a.row.createdAt));
  return { requests, kyc: kyc.items[0] ?? null };
}

/** Each state of a request, with the names of who acted capitalised as stored names are shown. */
function timelineOf(request: AdminRequest): TimelineItem[] {
  return requestTimeline(request).map((item) => ({
    ...item,
    actor: item.actor ? <span className={styles.name}>{item.actor}</span> : undefined,
  }));
}

type TimelineToggleProps = {
  /** What the timeline is of, e.g. "deposit DEP-8R3T6Y1U", for screen readers. */
  of: string;
  expanded: boolean;
  /** The id of the timeline's cell, while it is shown. */
  controls: string;
  onToggle: () => void;
};

/** Shows or hides the timeline in the row under a request's. */
function TimelineToggle({ of, expanded, controls, onToggle }: TimelineToggleProps) {
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-expanded={expanded}
      aria-controls={expanded ? controls : undefined}
      onClick={onToggle}
    >
      Timeline<span className={visuallyHidden}> of {of}</span>
    </Button>
  );
}

/** The row under a request's that holds its timeline, across every column. */
function TimelineRow({ id, of, request }: { id: string; of: string; request: AdminRequest }) {
  return (
    <Table.Row>
      <Table.Cell id={id} colSpan={4} wrap>
        <Timeline aria-label={`Timeline of ${of}`} items={timelineOf(request)} formatTime={formatDateTime} />
      </Table.Cell>
    </Table.Row>
  );
}

/** The user's requests (three calls, one answer), keyed apart from the user: a posting leaves them. */
function userRequestsQuery(userId: string) {
  return { queryKey: ['admin user requests', userId] as const, queryFn: () => requestsOf(userId) };
}

/**
 * A user's requests on their page: their KYC state, and their newest deposits and withdrawals, each
 * opened in the same review as in the queues.
 */
export function UserRequests({ userId, onReviewed }: { userId: string; onReviewed: () => void }) {
  const data = useQuery(userRequestsQuery(userId));
  const reloadRequests = useReload(userRequestsQuery(userId).queryKey);
  const [deposit, setDeposit] = useState<Schemas['AdminDeposit'] | null>(null);
  const [withdrawal, setWithdrawal] = useState<Schemas['AdminWithdrawal'] | null>(null);
  // The requests whose timeline is shown, by id: each opens and closes on its own.
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const timelineIds = useId();
  const toggle = (id: string) =>
    setExpanded((shown) => {
      const next = new Set(shown);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  // A review moves the user's money too: their figures and ledger load again with the requests.
  const reviewed = () => {
    reloadRequests();
    onReviewed();
  };

  if (data.isPending) return <Spinner label="Loading the user's requests" />;
  if (data.isError) return <p className={styles.meta}>The requests could not be loaded: {data.error.msg}</p>;
  const { requests, kyc } = data.data;
  return (
    <Card padding="none">
      <Table.Root caption="Requests">
        <Table.Head>
          <Table.Row>
            <Table.ColumnHeader>Request</Table.ColumnHeader>
            <Table.ColumnHeader numeric>Amount</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader>
              <span className={visuallyHidden}>Actions</span>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Head>
        <Table.Body>
          <Table.Row>
            <Table.RowHeader>
              KYC
              <span className={styles.meta}>
                {kyc
                  ? `sent ${formatDateTime(kyc.createdAt)}${kyc.reason ? ` · ${kyc.reason}` : ''}`
                  : 'never sent'}
              </span>
            </Table.RowHeader>
            <Table.Cell numeric>—</Table.Cell>
            <Table.Cell>{kyc ? <StatusBadge status={kyc.status} /> : '—'}</Table.Cell>
            <Table.Cell>
              {kyc && (
                <TimelineToggle
                  of="the KYC request"
                  expanded={expanded.has(kyc._id)}
                  controls={`${timelineIds}-${kyc._id}`}
                  onToggle={() => toggle(kyc._id)}
                />
              )}
            </Table.Cell>
          </Table.Row>
          {kyc && expanded.has(kyc._id) && (
            <TimelineRow id={`${timelineIds}-${kyc._id}`} of="the KYC request" request={kyc} />
          )}
          {requests.map((request) => (
            <Fragment key={request.row._id}>
              <Table.Row>
                <Table.RowHeader>
                  {request.kind === 'deposit' ? 'Deposit' : 'Withdrawal'}
                  <span className={styles.meta}>
                    <time dateTime={request.row.createdAt}>{formatDateTime(request.row.createdAt)}</time>
                    <span aria-hidden="true"> · </span>
                    <span className={styles.mono}>{request.row.ref}</span>
                  </span>
                </Table.RowHeader>
                <Table.Cell numeric>
                  <Money amount={request.row.amount} display="code" colored={false} />
                </Table.Cell>
                <Table.Cell>
                  <StatusBadge status={request.row.status} />
                </Table.Cell>
                <Table.Cell>
                  <TimelineToggle
                    of={`${request.kind} ${request.row.ref}`}
                    expanded={expanded.has(request.row._id)}
                    controls={`${timelineIds}-${request.row._id}`}
                    onToggle={() => toggle(request.row._id)}
                  />{' '}
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-haspopup="dialog"
                    onClick={() =>
                      request.kind === 'deposit' ? setDeposit(request.row) : setWithdrawal(request.row)
                    }
                  >
                    {request.row.status === 'pending' ? 'Review' : 'View'}
                    <span className={visuallyHidden}>
                      {' '}
                      {request.kind} {request.row.ref}
                    </span>
                  </Button>
                </Table.Cell>
              </Table.Row>
              {expanded.has(request.row._id) && (
                <TimelineRow
                  id={`${timelineIds}-${request.row._id}`}
                  of={`${request.kind} ${request.row.ref}`}
                  request={request.row}
                />
              )}
            </Fragment>
          ))}
        </Table.Body>
      </Table.Root>
      <DepositReviewDialog deposit={deposit} onClose={() => setDeposit(null)} onReviewed={reviewed} />
      <WithdrawalReviewDialog
        withdrawal={withdrawal}
        onClose={() => setWithdrawal(null)}
        onReviewed={reviewed}
      />
    </Card>
  );
}
