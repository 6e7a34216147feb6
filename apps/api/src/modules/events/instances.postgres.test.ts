import { asc, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { postgresDatabase, rowsOf } from '../../db/database';
import { liveEvents } from '../../db/schema';
import { signedInAdmin, signedInInvestor, signIn, userIdOf } from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { testDatabase, testDatabaseUrl } from '../../testing/database';
import { eventsOf, type OpenedStream, openEventStream } from '../../testing/event-stream';
import { createWallets, requestDeposit, review } from '../../testing/money';
import { createSecondInstance, listening } from '../../testing/second-instance';
import { until } from '../../testing/until';
import { tooManyStreamsMessage } from './events';
import { raiseEvent } from './live-events';
import { streamClaimsApplicationName } from './stream-claims';

// Collected only when TEST_DATABASE_URL names a PostgreSQL server (see vitest.config.ts): two
// instances of the app in this process on one database, each with its own pool, its own
// notifications connection and its own session cache, as two processes behind a load balancer.

/**
 * Each instance trusts a session it checked for this long: far longer than any wait here, so a
 * revocation the other instance honours was told to it, not found when its cache ran out.
 */
const sessionCacheMs = 10_000;
/** Small postings are made by one admin here: what is tested is how their event travels. */
const env = {
  SESSION_CHECK_CACHE_MS: String(sessionCacheMs),
  MAX_SESSIONS_PER_USER: '3',
  POSTING_SECOND_APPROVAL_USD: '10',
};

let one: FastifyInstance;
let two: FastifyInstance;
let closeTwo: () => Promise<void>;
let oneUrl: string;
let twoUrl: string;
let reviewer: Awaited<ReturnType<typeof signedInAdmin>>;
const opened: OpenedStream[] = [];

beforeAll(async () => {
  one = await createTestApp(env, { eventHeartbeatMs: 60_000 });
  const second = await createSecondInstance(env, { eventHeartbeatMs: 60_000 });
  two = second.app;
  closeTwo = second.close;
  oneUrl = await listening(one);
  twoUrl = await listening(two);
  reviewer = await signedInAdmin(one);
  await createWallets(one, reviewer);
});

afterEach(() => {
  for (const stream of opened.splice(0)) stream.close();
});

afterAll(async () => {
  await one?.close();
  await closeTwo?.();
});

async function openOnTwo(token: string, headers: Record<string, string> = {}) {
  const stream = await openEventStream(twoUrl, token, headers);
  opened.push(stream);
  expect(stream.status).toBe(200);
  return stream;
}

describe('events across instances', () => {
  it('reach a stream on instance 2 when raised through instance 1', async () => {
    const jane = await signedInInvestor(one);
    const watcher = await signedInAdmin(one);
    const janes = await openOnTwo(jane.token);
    const admins = await openOnTwo(watcher.token);
    const created = await requestDeposit(one, jane, '120');
    expect(created.statusCode, created.body).toBe(201);
    const depositId: string = created.json().transaction._id;
    await admins.waitFor(
      (m) => m.event === 'queue.changed' && JSON.parse(m.data ?? '{}').requestId === depositId,
    );
    expect((await review(one, reviewer, 'deposits', depositId, 'approve')).statusCode).toBe(200);
    const message = await janes.waitFor((m) => m.event === 'deposit.reviewed');
    expect(JSON.parse(message.data ?? '')).toEqual({
      type: 'deposit.reviewed',
      requestId: depositId,
      status: 'approved',
      amount: 120,
      reason: null,
    });
  });

  it('are caught up from the table when raised while the notifications connection was lost', async () => {
    const jane = await signedInInvestor(one);
    const janeId = await userIdOf(jane.email);
    const janes = await openOnTwo(jane.token);
    const { db } = await testDatabase();
    const listeners = async () =>
      rowsOf(
        await db.execute(
          sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'`,
        ),
      ).length;
    // Every instance's listening connection is cut, as a network failure would, and none may come
    // back until the event below is committed: the event is never notified to instance 2.
    // (A database cannot refuse connections from a session of its own: the server's is used.)
    const url = new URL((await testDatabaseUrl()) ?? '');
    const name = pg.escapeIdentifier(url.pathname.slice(1));
    url.pathname = '/postgres';
    const server = new pg.Client({ connectionString: url.toString() });
    await server.connect();
    await server.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
    try {
      await db.execute(sql`
        SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND query LIKE 'LISTEN %'`);
      await until(async () => (await listeners()) === 0);
      const posting = await one.inject({
        method: 'POST',
        url: `/api/v1/admin/users/${janeId}/ledger-entries`,
        headers: reviewer.headers,
        payload: { kind: 'bonus', amount: 5, memo: 'Welcome bonus' },
      });
      expect(posting.statusCode, posting.body).toBe(201);
    } finally {
      await server.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      await server.end();
    }
    // Instance 2 connects again and reads what it missed.
    const message = await janes.waitFor((m) => m.event === 'ledger.posted');
    expect(JSON.parse(message.data ?? '')).toEqual({ type: 'ledger.posted', kind: 'bonus', amount: 5 });
    await until(async () => (await listeners()) >= 2);
  });
});

describe('a stream resumed after events committed out of order', () => {
  it('gets every event once, the lower id committed last included', async () => {
    const jane = await signedInInvestor(one);
    const janeId = await userIdOf(jane.email);
    const notify = async () => {
      const response = await one.inject({
        method: 'PUT',
        url: `/api/v1/admin/users/${janeId}/notification`,
        headers: reviewer.headers,
        payload: { title: 'Hello', content: '<p>Hello</p>', persistent: false },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    // A third instance whose heartbeats come often: they tell when its stream has had its chance.
    const three = await createSecondInstance(env, { eventHeartbeatMs: 200 });
    // Another writer's transaction, on a connection of its own, held open while others commit.
    const writer = postgresDatabase(
      new pg.Pool({ connectionString: (await testDatabaseUrl()) ?? '', max: 1 }),
    );
    let commit: () => void = () => undefined;
    let lowerId = 0;
    try {
      // One stream stays open throughout; the first leaves and comes back.
      const staying = await openOnTwo(jane.token);
      const first = await openEventStream(await listening(three.app), jane.token);
      opened.push(first);
      await notify();
      await first.waitFor((m) => m.event === 'notification.changed');

      // The writer draws the lower id and holds it uncommitted; a higher id commits meanwhile.
      const drawn = new Promise<void>((resolve) => {
        const held = writer.db.transaction(async (tx) => {
          await raiseEvent(tx, janeId, { type: 'notification.changed' });
          const [own] = await tx
            .select({ id: liveEvents.id })
            .from(liveEvents)
            .where(eq(liveEvents.recipient, janeId))
            .orderBy(desc(liveEvents.id))
            .limit(1);
          lowerId = own?.id ?? 0;
          await new Promise<void>((release) => {
            commit = release;
            resolve();
          });
        });
        held.catch(() => undefined);
      });
      await drawn;
      await notify();
      // Long enough for the higher id to reach the stream were it sent at once: three heartbeats.
      const beats = () => first.messages.filter((m) => m.comment === 'heartbeat').length;
      const beatsBefore = beats();
      await first.waitFor(() => beats() >= beatsBefore + 3);
      first.close();
      const lastRead = eventsOf(first).at(-1)?.id ?? '';

      // The lower id commits while the client is away; it comes back to instance 2.
      commit();
      const { db } = await testDatabase();
      await until(async () => {
        const [row] = await db
          .select({ id: liveEvents.id })
          .from(liveEvents)
          .where(eq(liveEvents.id, lowerId));
        return row !== undefined;
      });
      const resumed = await openOnTwo(jane.token, { 'last-event-id': lastRead });
      await notify();
      const raised = await db
        .select({ id: liveEvents.id })
        .from(liveEvents)
        .where(eq(liveEvents.recipient, janeId))
        .orderBy(asc(liveEvents.id));
      const newest = String(raised.at(-1)?.id);
      await resumed.waitFor((m) => m.id === newest);
      await staying.waitFor((m) => m.id === newest);

      const ids = (stream: OpenedStream) => eventsOf(stream).map((event) => Number(event.id));
      expect(raised.map((row) => row.id)).toContain(lowerId);
      // Nothing missed and nothing twice, over both streams; each in the order of its ids.
      expect([...ids(first), ...ids(resumed)]).toEqual(raised.map((row) => row.id));
      expect(ids(staying)).toEqual(raised.map((row) => row.id));
    } finally {
      commit();
      await writer.close();
      await three.close();
    }
  });
});

describe('the streams of one account across instances', () => {
  async function openOn(url: string, token: string) {
    const stream = await openEventStream(url, token);
    opened.push(stream);
    return stream;
  }

  it('are five at most on both instances together; one closed frees a place on either', async () => {
    const jane = await signedInInvestor(one);
    const janeId = await userIdOf(jane.email);
    const onOne = [await openOn(oneUrl, jane.token), await openOn(oneUrl, jane.token)];
    const onTwo = [
      await openOn(twoUrl, jane.token),
      await openOn(twoUrl, jane.token),
      await openOn(twoUrl, jane.token),
    ];
    expect([...onOne, ...onTwo].map((stream) => stream.status)).toEqual([200, 200, 200, 200, 200]);
    const sixth = await openOn(oneUrl, jane.token);
    expect(sixth.status).toBe(429);
    expect(JSON.parse(sixth.text)).toEqual({ msg: tooManyStreamsMessage });
    expect((await openOn(twoUrl, jane.token)).status).toBe(429);

    onTwo[0]?.close();
    await until(() => two.liveEvents.streams.countOf(janeId) === 2);
    // Instance 2 lets the place go on its own connection; instance 1 may ask a moment before.
    await until(async () => (await openOn(oneUrl, jane.token)).status === 200);
    expect((await openOn(twoUrl, jane.token)).status).toBe(429);
  });

  it("are let go with an instance's claims connection: its streams end with a retry hint, then open again", async () => {
    const jane = await signedInInvestor(one);
    const five = [];
    for (let index = 0; index < 5; index++) five.push(await openOn(twoUrl, jane.token));
    expect(five.map((stream) => stream.status)).toEqual([200, 200, 200, 200, 200]);
    const { db } = await testDatabase();
    await db.execute(sql`
      SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = current_database() AND application_name = ${streamClaimsApplicationName}`);
    for (const stream of five) {
      const hint = await stream.waitFor((m) => m.retry !== undefined);
      expect(hint.retry).toMatch(/^[0-9]+$/);
      await stream.ended;
    }
    // The places went with the connection; a new one holds them again, and the cap with them.
    const again = [];
    for (let index = 0; index < 5; index++) again.push(await openOn(twoUrl, jane.token));
    expect(again.map((stream) => stream.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await openOn(oneUrl, jane.token)).status).toBe(429);
  });
});

describe('session revocations across instances', () => {
  /** Jane signed in twice through instance 1; instance 2 has checked (and cached) both sessions. */
  async function twoCheckedSessions() {
    const jane = await signedInInvestor(one);
    const again = await signIn(one, jane);
    const sessions = [jane.token, again.token];
    for (const token of sessions) expect((await userInfoOn(two, token)).statusCode).toBe(200);
    return { jane, kept: jane.token, other: again.token };
  }

  const userInfoOn = (app: FastifyInstance, token: string) =>
    app.inject({
      method: 'GET',
      url: '/api/v1/users/user-info',
      headers: { authorization: `Bearer ${token}` },
    });

  /** Polls instance 2 until it refuses the token (401): far sooner than its 10 s cache would. */
  const refusedByTwo = (token: string) =>
    until(async () => (await userInfoOn(two, token)).statusCode === 401, sessionCacheMs / 2);

  it('a logout through instance 1 is refused by instance 2 at once, and ends its streams there', async () => {
    const { kept, other } = await twoCheckedSessions();
    const stream = await openOnTwo(kept);
    const logout = await one.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { authorization: `Bearer ${kept}` },
    });
    expect(logout.statusCode, logout.body).toBe(200);
    await refusedByTwo(kept);
    // The heartbeat is a minute away: the stream ended because the revocation was heard.
    await stream.ended;
    expect((await userInfoOn(two, other)).statusCode).toBe(200);
  });

  it('a session signed out by its owner through instance 1 is refused by instance 2 at once', async () => {
    const { kept, other } = await twoCheckedSessions();
    const list = await one.inject({
      method: 'GET',
      url: '/api/v1/auth/sessions',
      headers: { authorization: `Bearer ${kept}` },
    });
    const target = (list.json() as Array<{ _id: string; current: boolean }>).find(
      (session) => !session.current,
    );
    const revoke = await one.inject({
      method: 'DELETE',
      url: `/api/v1/auth/sessions/${target?._id}`,
      headers: { authorization: `Bearer ${kept}` },
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    await refusedByTwo(other);
    expect((await userInfoOn(two, kept)).statusCode).toBe(200);
  });

  it('signing out everywhere else through instance 1 is honoured by instance 2 at once', async () => {
    const { kept, other } = await twoCheckedSessions();
    const stream = await openOnTwo(other);
    const revoke = await one.inject({
      method: 'POST',
      url: '/api/v1/auth/sessions/revoke-others',
      headers: { authorization: `Bearer ${kept}` },
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    await refusedByTwo(other);
    await stream.ended;
    expect((await userInfoOn(two, kept)).statusCode).toBe(200);
  });

  it('a password change through instance 1 signs the other sessions out on instance 2 at once', async () => {
    const { jane, kept, other } = await twoCheckedSessions();
    const change = await one.inject({
      method: 'PATCH',
      url: '/api/v1/users/user-info',
      headers: { authorization: `Bearer ${kept}` },
      payload: { currentPassword: jane.password, newPassword: 'granite-harbor-lantern-8842' },
    });
    expect(change.statusCode, change.body).toBe(200);
    await refusedByTwo(other);
    expect((await userInfoOn(two, kept)).statusCode).toBe(200);
  });

  it('a sign-in beyond the session cap through instance 1 ends the oldest session on instance 2 at once', async () => {
    const { jane, kept } = await twoCheckedSessions();
    // Jane holds two sessions of her three: the second sign-in from now ends the oldest, the first.
    await signIn(one, jane);
    expect((await userInfoOn(two, kept)).statusCode).toBe(200);
    await signIn(one, jane);
    await refusedByTwo(kept);
  });
});
