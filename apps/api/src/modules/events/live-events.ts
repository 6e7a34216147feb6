import type { components } from '@ledgerline/api-client/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/database';
import { liveEvents, users } from '../../db/schema';

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
 */
export function raiseEventCte(name: string, select: { recipient: SQL; event: SQL }, from: SQL): SQL {
  return sql`${sql.identifier(name)} AS (
    INSERT INTO ${liveEvents} (recipient, type, data)
    SELECT raised.recipient, raised.data ->> 'type', raised.data
    FROM (SELECT (${select.recipient})::text AS recipient, (${select.event})::jsonb AS data ${from}) AS raised
    ${notifyEachRaised}
  )`;
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
