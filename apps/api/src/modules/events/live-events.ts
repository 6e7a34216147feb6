import type { components } from '@ledgerline/api-client/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/database';
import { liveEvents, users } from '../../db/schema';
import { writeBatches } from '../../db/write-batches';

/** One event of `GET /events`, as the contract defines it. */
export type LiveEvent = components['schemas']['LiveEvent'];

/** The recipient of the back office's events: every admin's streams. */
export const adminsAudience = 'admins';

/** A user's id, or every admin. */
export type Recipient = string;

/** The channel of `pg_notify` that carries raised events to every instance. */
export const liveEventsChannel = 'ledgerline_events';

/** An event as streams receive it: its id, its recipient and the event itself. */
export type RaisedEvent = { id: number; recipient: Recipient; event: LiveEvent };

/**
 * The `RETURNING` of an insert into `live_events`: it tells every instance that events were written,
 * when (and only if) the transaction commits; each reads them from the table. The payload is empty,
 * so a transaction that raises several events notifies once.
 */
const notifyEachRaised = sql`RETURNING pg_notify(${liveEventsChannel}, '')`;

/**
 * Raises an event in the caller's transaction: its row is written, and every instance notified,
 * when (and only if) the change it reports commits. One statement.
 */
export async function raiseEvent(db: Database | Tx, recipient: Recipient, event: LiveEvent): Promise<void> {
  await db.execute(sql`
    INSERT INTO ${liveEvents} (recipient, type, data)
    VALUES (${recipient}, ${event.type}, ${JSON.stringify(event)}::jsonb)
    ${notifyEachRaised}`);
}

/**
 * A common table expression that raises events from the rows of the statement it is part of, for a
 * change made in one statement (a deposit's approval): `select` names each event's recipient (text)
 * and its data (jsonb, the whole `LiveEvent`), and `from` the rows it is made from. A data-modifying
 * CTE always runs to completion, whether or not the statement reads it.
 *
 * With `announce: 'after commit'`, the statement does not notify: its caller announces the events
 * once the statement has committed (`eventAnnouncer`). A transaction that notifies holds a lock that
 * every other notifying transaction of the database server waits for, from just before its commit
 * until its commit is on disk, so such commits happen one at a time; a hot statement that commits on
 * its own leaves that wait out of its commit.
 */
export function raiseEventCte(
  name: string,
  select: { recipient: SQL; event: SQL },
  from: SQL,
  { announce = 'with commit' }: { announce?: 'with commit' | 'after commit' } = {},
): SQL {
  return sql`${sql.identifier(name)} AS (
    INSERT INTO ${liveEvents} (recipient, type, data)
    SELECT raised.recipient, raised.data ->> 'type', raised.data
    FROM (SELECT (${select.recipient})::text AS recipient, (${select.event})::jsonb AS data ${from}) AS raised
    ${announce === 'with commit' ? notifyEachRaised : sql`RETURNING id`}
  )`;
}

/**
 * Announces to every instance, outside any transaction, that events were raised and committed (by
 * statements that raised them with `announce: 'after commit'`). The announcements asked for while
 * one is sent share the next, so under load many approvals cost one notification. Answers once an
 * announcement sent after the call has gone. Events committed and never announced (the instance
 * stopped in between, or the database was away) are still read by every instance's next round,
 * which a later event or the hub's own catch-up starts.
 */
export function eventAnnouncer(db: Database): () => Promise<void> {
  const announce = writeBatches<null>(async () => {
    await db.execute(sql`SELECT pg_notify(${liveEventsChannel}, '')`);
  });
  return () => announce(null);
}

type QueueChanged = components['schemas']['QueueChangedEvent'];

/**
 * The data of a `queue.changed` event, in SQL: `byId` is the reviewing admin's id and `by` their name,
 * read in the same statement (both null for a new request, which no admin has touched).
 */
export function queueChangedData(
  queue: QueueChanged['queue'],
  requestId: SQL | string,
  change: QueueChanged['change'],
  adminId: SQL | string | null,
): SQL {
  return sql`jsonb_build_object(
    'type', 'queue.changed', 'queue', ${queue}::text, 'requestId', (${requestId})::text,
    'change', ${change}::text,
    'by', (SELECT ${users.fullname} FROM ${users} WHERE ${users.id} = ${adminId}::uuid),
    'byId', ${adminId}::uuid)`;
}

/** Tells every admin that a review queue changed: a request entered it, or was reviewed. */
export async function raiseQueueChanged(
  db: Database | Tx,
  queue: QueueChanged['queue'],
  requestId: string,
  change: QueueChanged['change'],
  adminId: string | null,
): Promise<void> {
  await db.execute(sql`
    INSERT INTO ${liveEvents} (recipient, type, data)
    SELECT ${adminsAudience}, 'queue.changed', ${queueChangedData(queue, requestId, change, adminId)}
    ${notifyEachRaised}`);
}

/** A reviewed deposit or withdrawal, as the back office answers it. */
type ReviewedRequest = {
  _id: string;
  amount: number;
  status: string;
  reason?: string | null;
  user: { _id: string };
};

/**
 * The events of a deposit's or withdrawal's review: the owner is told of an approval or rejection,
 * and every admin that the queue changed. Raised in the review's transaction, after it resolved.
 * A withdrawal still pending after an approval got the first of its two: only the queue changed.
 */
export async function raiseRequestReviewed(
  db: Database | Tx,
  kind: 'deposit' | 'withdrawal',
  request: ReviewedRequest,
  adminId: string,
): Promise<void> {
  const queue = kind === 'deposit' ? 'deposits' : 'withdrawals';
  if (request.status === 'approved' || request.status === 'rejected') {
    await raiseEvent(db, request.user._id, {
      type: kind === 'deposit' ? 'deposit.reviewed' : 'withdrawal.reviewed',
      requestId: request._id,
      status: request.status,
      amount: request.amount,
      reason: request.status === 'rejected' ? (request.reason ?? null) : null,
    });
    await raiseQueueChanged(db, queue, request._id, request.status, adminId);
  } else {
    await raiseQueueChanged(db, queue, request._id, 'first_approved', adminId);
  }
}
