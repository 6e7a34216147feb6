import { and, asc, getTableName, gt, inArray, lt, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Database, rowsOf } from '../../db/database';
import { liveEvents } from '../../db/schema';
import type { LiveEvent, RaisedEvent, Recipient } from './live-events';

/** How far back a client may resume (`Last-Event-ID`): older events are deleted. */
export const resumeWindowMs = 10 * 60_000;

/** How often this instance deletes events older than the resume window. */
const pruneIntervalMs = 60_000;

/**
 * How often an instance reads the events raised meanwhile even if it heard of none (unless told
 * otherwise): events committed and never announced (the instance that raised them stopped before
 * announcing them, or the database was away at that moment) reach the streams within this time.
 */
const catchUpIntervalMs = 5_000;

/** After a round that failed (the database away), the next is tried this much later. */
const retryRoundMs = 1_000;

/** The longest pause between two looks at the writers a round waits for. */
const longestWriterPollMs = 50;

/** A round waiting this long on one writer's transaction says so in the log, once. */
const slowWriterMs = 10_000;

type Deliver = (event: RaisedEvent) => void;

type EventRow = { id: number; recipient: string; data: unknown };

const toRaised = (row: EventRow): RaisedEvent => ({
  id: Number(row.id),
  recipient: row.recipient,
  event: row.data as LiveEvent,
});

/** The newest event id drawn from the sequence by any transaction, committed or not; 0 before any. */
async function newestDrawnId(db: Database): Promise<number> {
  const [row] = rowsOf<{ id: string | number | null }>(
    await db.execute(
      sql`SELECT pg_sequence_last_value(pg_get_serial_sequence(${getTableName(liveEvents)}, 'id')::regclass) AS id`,
    ),
  );
  return Number(row?.id ?? 0);
}

/**
 * The transactions (their virtual ids) that hold a write lock on `live_events` now, other than this
 * connection's; with `among`, only those of them still holding it.
 */
async function eventWriters(db: Database, among?: string[]): Promise<string[]> {
  const amongThem =
    among === undefined
      ? sql``
      : sql`AND virtualtransaction IN (${sql.join(
          among.map((writer) => sql`${writer}`),
          sql`, `,
        )})`;
  const rows = rowsOf<{ writer: string }>(
    await db.execute(sql`
      SELECT DISTINCT virtualtransaction AS writer FROM pg_locks
      WHERE locktype = 'relation' AND mode = 'RowExclusiveLock' AND granted
        AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
        AND relation = ${getTableName(liveEvents)}::regclass
        AND pid <> pg_backend_pid()
        ${amongThem}`),
  );
  return rows.map((row) => row.writer);
}

/**
 * This instance's side of the live events: it hears that events were raised on some instance (the
 * database's notifications, `liveEventsChannel`), reads them from `live_events` and hands each to the
 * streams open here for its recipient. The rows stay for the resume window, from which a stream that
 * resumes reads what it missed.
 *
 * Ids are drawn when an event is written, but transactions commit in their own order: id 7 may
 * commit after id 8, or never. So streams get the events in rounds, each up to a settled id: the
 * newest id drawn when the round began, once every transaction that was then writing to the table
 * has ended. Every id up to it is then committed and readable, or never will be; a stream sends its
 * events in increasing ids, and the last id a client read is a place it can resume from with
 * nothing skipped. (A transaction writes its event under a lock on the table, taken before its id is
 * drawn and held until it ends; no id is drawn another way.) On the embedded database transactions
 * run one at a time, and a round never waits.
 */
export class LiveEventHub {
  readonly #db: Database;
  readonly #log: FastifyBaseLogger;
  /** Each recipient's open streams on this instance. */
  readonly #subscribers = new Map<Recipient, Set<Deliver>>();
  /** Every event up to this id has been handed on (or came before this instance heard any). */
  #settledUpTo: number | null = null;
  #round: Promise<void> | null = null;
  #nextRound: Promise<void> | null = null;
  #retry: ReturnType<typeof setTimeout> | undefined;
  #pruning: ReturnType<typeof setInterval> | undefined;
  #catchingUp: ReturnType<typeof setInterval> | undefined;
  #stopped = false;
  readonly #catchUpMs: number;

  /** `catchUpMs`: how often a round runs unasked (5 s; tests shorten it). */
  constructor(db: Database, log: FastifyBaseLogger, { catchUpMs = catchUpIntervalMs } = {}) {
    this.#db = db;
    this.#log = log;
    this.#catchUpMs = catchUpMs;
  }

  /**
   * Starts hearing: a first round settles the events raised so far (streams get what comes after),
   * a round runs every `catchUpMs` unasked, and old events are deleted once a minute. Called once the
   * notifications are being listened to.
   */
  async start(): Promise<void> {
    await this.#wake();
    this.#pruning = setInterval(() => void this.prune(), pruneIntervalMs);
    this.#pruning.unref();
    this.#catchingUp = setInterval(() => void this.#wake(), this.#catchUpMs);
    this.#catchingUp.unref();
  }

  stop(): void {
    this.#stopped = true;
    if (this.#pruning) clearInterval(this.#pruning);
    if (this.#catchingUp) clearInterval(this.#catchingUp);
    if (this.#retry) clearTimeout(this.#retry);
    this.#pruning = undefined;
    this.#catchingUp = undefined;
    this.#retry = undefined;
  }

  /**
   * The id up to which every event has been handed to the streams subscribed at the time; null
   * until the first round. A stream that subscribes now gets, from `subscribe`, only events after it.
   */
  get settledUpTo(): number | null {
    return this.#settledUpTo;
  }

  /** Hands `deliver` every event raised for one of `recipients` from now on; answers how to stop. */
  subscribe(recipients: Iterable<Recipient>, deliver: Deliver): () => void {
    const own = [...new Set(recipients)];
    for (const recipient of own) {
      let delivers = this.#subscribers.get(recipient);
      if (!delivers) {
        delivers = new Set();
        this.#subscribers.set(recipient, delivers);
      }
      delivers.add(deliver);
    }
    return () => {
      for (const recipient of own) {
        const delivers = this.#subscribers.get(recipient);
        delivers?.delete(deliver);
        if (delivers?.size === 0) this.#subscribers.delete(recipient);
      }
    };
  }

  /** How many recipients have a stream open here (tests check that closed streams leave none). */
  get recipientsListening(): number {
    return this.#subscribers.size;
  }

  /** The events for `recipients` after `afterId` and up to `upToId`, oldest first, within the resume window. */
  async eventsBetween(
    recipients: Iterable<Recipient>,
    afterId: number,
    upToId: number,
  ): Promise<RaisedEvent[]> {
    if (upToId <= afterId) return [];
    const rows = await this.#db
      .select({ id: liveEvents.id, recipient: liveEvents.recipient, data: liveEvents.data })
      .from(liveEvents)
      .where(
        and(
          inArray(liveEvents.recipient, [...recipients]),
          gt(liveEvents.id, afterId),
          lte(liveEvents.id, upToId),
        ),
      )
      .orderBy(asc(liveEvents.id));
    return rows.map(toRaised);
  }

  /** A notification of `liveEventsChannel` (its payload is empty): events committed; a round reads them. */
  notified(_payload: string): void {
    void this.#wake();
  }

  /**
   * After a lost connection: the events raised meanwhile were never notified here. A round reads
   * them as it reads any (it reads the table, not the notifications).
   */
  catchUp(): Promise<void> {
    return this.#wake();
  }

  /** Deletes the events older than the resume window (every instance does, once a minute). */
  async prune(now = new Date()): Promise<void> {
    try {
      await this.#db
        .delete(liveEvents)
        .where(lt(liveEvents.createdAt, new Date(now.getTime() - resumeWindowMs)));
    } catch (error) {
      this.#log.warn({ err: error }, 'old live events could not be deleted');
    }
  }

  /**
   * Asks for a round; answers when one that began after this call has ended. Rounds run one at a
   * time: the calls made while one runs share the next.
   */
  #wake(): Promise<void> {
    if (!this.#round) {
      this.#round = this.#settle().finally(() => {
        this.#round = null;
      });
      return this.#round;
    }
    this.#nextRound ??= this.#round.then(() => {
      this.#nextRound = null;
      return this.#wake();
    });
    return this.#nextRound;
  }

  /** One round: the events up to the newest id drawn, once they are settled, to the streams. */
  async #settle(): Promise<void> {
    if (this.#stopped) return;
    try {
      // The newest id first, the writers second: a transaction that drew an id up to it and has
      // not committed yet holds its lock already, and is among the writers.
      const drawn = await newestDrawnId(this.#db);
      await this.#waitForWriters(await eventWriters(this.#db));
      if (this.#stopped) return;
      const settled = this.#settledUpTo;
      if (settled === null) {
        this.#settledUpTo = drawn;
        return;
      }
      if (drawn <= settled) return;
      const rows = await this.#db
        .select({ id: liveEvents.id, recipient: liveEvents.recipient, data: liveEvents.data })
        .from(liveEvents)
        .where(and(gt(liveEvents.id, settled), lte(liveEvents.id, drawn)))
        .orderBy(asc(liveEvents.id));
      // The new place and the deliveries in one turn: a stream subscribing in between would miss them.
      this.#settledUpTo = drawn;
      for (const row of rows) this.#dispatch(toRaised(row));
    } catch (error) {
      if (this.#stopped) return;
      this.#log.error({ err: error }, 'live events could not be read; trying again');
      this.#retry ??= setTimeout(() => {
        this.#retry = undefined;
        void this.#wake();
      }, retryRoundMs);
      this.#retry.unref();
    }
  }

  /** Waits until none of `writers` holds its lock any more: each has committed or rolled back. */
  async #waitForWriters(writers: string[]): Promise<void> {
    const start = Date.now();
    let pause = 1;
    let warned = false;
    let waiting = writers;
    while (waiting.length > 0 && !this.#stopped) {
      await new Promise((resolve) => setTimeout(resolve, pause));
      pause = Math.min(pause * 2, longestWriterPollMs);
      waiting = await eventWriters(this.#db, waiting);
      if (!warned && waiting.length > 0 && Date.now() - start > slowWriterMs) {
        warned = true;
        this.#log.warn(
          { writers: waiting },
          'a transaction that writes live events has been open a long time; every stream waits for it',
        );
      }
    }
  }

  #dispatch(raised: RaisedEvent) {
    const delivers = this.#subscribers.get(raised.recipient);
    if (!delivers) return;
    // A copy: a delivery may end its stream, which unsubscribes it.
    for (const deliver of [...delivers]) deliver(raised);
  }
}
