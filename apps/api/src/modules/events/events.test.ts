import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { liveEvents, users } from '../../db/schema';
import { signedInAdmin, signedInInvestor, userIdOf } from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { testDatabase } from '../../testing/database';
import { eventsOf, type OpenedStream, openEventStream, type StreamMessage } from '../../testing/event-stream';
import {
  createWallets,
  depositForm,
  fundedInvestor,
  postToLedger,
  requestDeposit,
  requestWithdrawal,
  review,
  submitKyc,
} from '../../testing/money';
import { listening } from '../../testing/second-instance';
import { until } from '../../testing/until';
import { instanceFullMessage, tooManyStreamsFromAddressMessage, tooManyStreamsMessage } from './events';

/*
 * `GET /events` over a real port, read as the site reads it. Streams are closed after
 * each test; the app's count of open streams then falls back to none.
 */

const heartbeatMs = 300;
let app: FastifyInstance;
let baseUrl: string;
let reviewer: Awaited<ReturnType<typeof signedInAdmin>>;
const opened: OpenedStream[] = [];

async function open(token: string, headers: Record<string, string> = {}) {
  const stream = await openEventStream(baseUrl, token, headers);
  opened.push(stream);
  return stream;
}

/** Resolves once the stream has sent `count` heartbeats more than it had when called. */
function heartbeatsFrom(stream: OpenedStream, count: number): Promise<void> {
  const beats = () => stream.messages.filter((m) => m.comment === 'heartbeat').length;
  const target = beats() + count;
  return stream.waitFor(() => beats() >= target).then(() => undefined);
}

/** Sets a notification for the user: an event raised for them alone, to mark a point in their stream. */
async function notify(userId: string) {
  const response = await app.inject({
    method: 'PUT',
    url: `/api/v1/admin/users/${userId}/notification`,
    headers: reviewer.headers,
    payload: { title: 'Hello', content: '<p>Hello</p>', persistent: false },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function deposit(user: { headers: { authorization: string } }, amount: string): Promise<string> {
  const response = await requestDeposit(app, user, amount);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().transaction._id;
}

beforeAll(async () => {
  app = await createTestApp({}, { eventHeartbeatMs: heartbeatMs });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  reviewer = await signedInAdmin(app, { fullname: 'rita reviewer' });
  await createWallets(app, reviewer);
  return () => app.close();
});

afterEach(async () => {
  for (const stream of opened.splice(0)) stream.close();
  await until(() => app.liveEvents.streams.size === 0 && app.liveEvents.hub.recipientsListening === 0);
});

describe('GET /events', () => {
  it('sends a user their deposit approval, with its fields, and another user nothing of it', async () => {
    const jane = await signedInInvestor(app);
    const john = await signedInInvestor(app);
    const janes = await open(jane.token);
    const johns = await open(john.token);
    expect(janes.status).toBe(200);
    expect(janes.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(janes.headers['cache-control']).toBe('no-store');
    expect(janes.headers['x-accel-buffering']).toBe('no');
    // The security headers of every answer.
    expect(janes.headers['x-content-type-options']).toBe('nosniff');
    expect(janes.headers['strict-transport-security']).toMatch(/max-age=/);
    expect(janes.headers['content-security-policy']).toMatch(/default-src 'self'/);

    const depositId = await deposit(jane, '250');
    const approval = await review(app, reviewer, 'deposits', depositId, 'approve');
    expect(approval.statusCode, approval.body).toBe(200);
    const message = await janes.waitFor((m) => m.event === 'deposit.reviewed');
    expect(message.id).toMatch(/^[0-9]+$/);
    expect(JSON.parse(message.data ?? '')).toEqual({
      type: 'deposit.reviewed',
      requestId: depositId,
      status: 'approved',
      amount: 250,
      reason: null,
    });

    // John's own event comes after Jane's approval, on the same instance in commit order: by the
    // time it arrives, Jane's would have too.
    await notify(await userIdOf(john.email));
    await johns.waitFor((m) => m.event === 'notification.changed');
    expect(eventsOf(johns).map((event) => event.data)).toEqual([{ type: 'notification.changed' }]);
  });

  it('sends a rejection with its reason', async () => {
    const jane = await signedInInvestor(app);
    const janes = await open(jane.token);
    const depositId = await deposit(jane, '40');
    const rejection = await review(app, reviewer, 'deposits', depositId, 'reject', 'The receipt is blurred.');
    expect(rejection.statusCode, rejection.body).toBe(200);
    const message = await janes.waitFor((m) => m.event === 'deposit.reviewed');
    expect(JSON.parse(message.data ?? '')).toEqual({
      type: 'deposit.reviewed',
      requestId: depositId,
      status: 'rejected',
      amount: 40,
      reason: 'The receipt is blurred.',
    });
  });

  it("sends an admin the queue's new deposit and another admin's approval, and no user the queue", async () => {
    const watcher = await signedInAdmin(app);
    const jane = await signedInInvestor(app);
    const admins = await open(watcher.token);
    const janes = await open(jane.token);
    const depositId = await deposit(jane, '75');
    const created = await admins.waitFor(
      (m) => m.event === 'queue.changed' && JSON.parse(m.data ?? '{}').requestId === depositId,
    );
    expect(JSON.parse(created.data ?? '')).toEqual({
      type: 'queue.changed',
      queue: 'deposits',
      requestId: depositId,
      change: 'created',
      by: null,
      byId: null,
    });
    expect((await review(app, reviewer, 'deposits', depositId, 'approve')).statusCode).toBe(200);
    const approved = await admins.waitFor(
      (m) => m.event === 'queue.changed' && JSON.parse(m.data ?? '{}').change === 'approved',
    );
    expect(JSON.parse(approved.data ?? '')).toEqual({
      type: 'queue.changed',
      queue: 'deposits',
      requestId: depositId,
      change: 'approved',
      by: 'rita reviewer',
      byId: reviewer.id,
    });
    await janes.waitFor((m) => m.event === 'deposit.reviewed');
    expect(eventsOf(janes).map((event) => event.event)).toEqual(['deposit.reviewed']);
  });

  it('sends a withdrawal through the queue to the admins and its rejection, with the reason, to its owner', async () => {
    const watcher = await signedInAdmin(app);
    const jane = await fundedInvestor(app, reviewer, '100');
    const admins = await open(watcher.token);
    const janes = await open(jane.token);
    const requested = await requestWithdrawal(app, jane, '35');
    expect(requested.statusCode, requested.body).toBe(201);
    const withdrawalId: string = requested.json().transaction._id;
    const about = (change: string) => (m: StreamMessage) =>
      m.event === 'queue.changed' &&
      JSON.parse(m.data ?? '{}').requestId === withdrawalId &&
      JSON.parse(m.data ?? '{}').change === change;
    expect(JSON.parse((await admins.waitFor(about('created'))).data ?? '')).toEqual({
      type: 'queue.changed',
      queue: 'withdrawals',
      requestId: withdrawalId,
      change: 'created',
      by: null,
      byId: null,
    });
    const reason = 'Please complete identity verification first.';
    expect((await review(app, reviewer, 'withdrawals', withdrawalId, 'reject', reason)).statusCode).toBe(200);
    await admins.waitFor(about('rejected'));
    const message = await janes.waitFor((m) => m.event === 'withdrawal.reviewed');
    expect(JSON.parse(message.data ?? '')).toEqual({
      type: 'withdrawal.reviewed',
      requestId: withdrawalId,
      status: 'rejected',
      amount: 35,
      reason,
    });
  });

  it('sends a KYC request through the queue to the admins and its review to its owner', async () => {
    const watcher = await signedInAdmin(app);
    const jane = await signedInInvestor(app);
    const admins = await open(watcher.token);
    const janes = await open(jane.token);
    const submitted = await submitKyc(app, jane);
    expect(submitted.statusCode, submitted.body).toBe(201);
    const kycId: string = submitted.json().kyc._id;
    await admins.waitFor(
      (m) => m.event === 'queue.changed' && JSON.parse(m.data ?? '{}').requestId === kycId,
    );
    const approval = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/kyc/${kycId}/approve`,
      headers: reviewer.headers,
    });
    expect(approval.statusCode, approval.body).toBe(200);
    const message = await janes.waitFor((m) => m.event === 'kyc.reviewed');
    expect(JSON.parse(message.data ?? '')).toEqual({
      type: 'kyc.reviewed',
      kycId,
      status: 'approved',
      reason: null,
    });
    const reviewed = await admins.waitFor(
      (m) => m.event === 'queue.changed' && JSON.parse(m.data ?? '{}').change === 'approved',
    );
    expect(JSON.parse(reviewed.data ?? '')).toEqual({
      type: 'queue.changed',
      queue: 'kyc',
      requestId: kycId,
      change: 'approved',
      by: 'rita reviewer',
      byId: reviewer.id,
    });
  });

  it("tells the admins of a large withdrawal's first approval, and its owner only of the payout", async () => {
    // An app that pays out above $10 only on a second admin's approval, on the same database.
    const twoApprovals = await createTestApp({ WITHDRAWAL_SECOND_APPROVAL_USD: '10' });
    try {
      const second = await signedInAdmin(app, { fullname: 'sam second' });
      const watcher = await signedInAdmin(app);
      const jane = await fundedInvestor(app, reviewer, '100');
      const admins = await open(watcher.token);
      const janes = await open(jane.token);
      const requested = await requestWithdrawal(twoApprovals, jane, '35');
      expect(requested.statusCode, requested.body).toBe(201);
      const withdrawalId: string = requested.json().transaction._id;
      const changes = () =>
        eventsOf(admins)
          .filter((event) => event.data.requestId === withdrawalId)
          .map((event) => `${event.data.change} by ${event.data.by}`);
      expect((await review(twoApprovals, reviewer, 'withdrawals', withdrawalId, 'approve')).statusCode).toBe(
        200,
      );
      await until(() => changes().length === 2);
      expect(changes()).toEqual(['created by null', 'first_approved by rita reviewer']);
      expect((await review(twoApprovals, second, 'withdrawals', withdrawalId, 'approve')).statusCode).toBe(
        200,
      );
      await until(() => changes().length === 3);
      expect(changes()[2]).toBe('approved by sam second');
      const paid = await janes.waitFor((m) => m.event === 'withdrawal.reviewed');
      expect(JSON.parse(paid.data ?? '')).toMatchObject({
        requestId: withdrawalId,
        status: 'approved',
        amount: 35,
      });
      expect(eventsOf(janes).filter((event) => event.event === 'withdrawal.reviewed')).toHaveLength(1);
    } finally {
      await twoApprovals.close();
    }
  });

  it("sends a user an admin's posting to their account", async () => {
    const jane = await signedInInvestor(app);
    const janes = await open(jane.token);
    // Sent when the posting is applied: once a second admin approves it.
    await postToLedger(app, reviewer, await userIdOf(jane.email), {
      kind: 'bonus',
      amount: 12.5,
      memo: 'Loyalty bonus',
    });
    const message = await janes.waitFor((m) => m.event === 'ledger.posted');
    expect(JSON.parse(message.data ?? '')).toEqual({ type: 'ledger.posted', kind: 'bonus', amount: 12.5 });
  });

  it('raises nothing for a repeated approval (409) or a replayed request', async () => {
    const jane = await signedInInvestor(app);
    const { db } = await testDatabase();
    const eventsAbout = async (requestId: string) =>
      db
        .select({ type: liveEvents.type, data: liveEvents.data })
        .from(liveEvents)
        .where(sql`${liveEvents.data} ->> 'requestId' = ${requestId}`)
        .orderBy(liveEvents.id);

    // One form sent twice with one key: the retry is answered from the first request's record.
    const form = await depositForm({ amount: '30' });
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/deposits',
        headers: { ...jane.headers, ...form.headers, 'idempotency-key': key },
        payload: form.payload,
      });
    const key = crypto.randomUUID();
    const first = await send();
    const replay = await send();
    expect([first.statusCode, replay.statusCode]).toEqual([201, 201]);
    const depositId: string = first.json().transaction._id;
    expect((await review(app, reviewer, 'deposits', depositId, 'approve')).statusCode).toBe(200);
    const again = await review(app, reviewer, 'deposits', depositId, 'approve');
    expect(again.statusCode).toBe(409);
    const rejectAfter = await review(app, reviewer, 'deposits', depositId, 'reject');
    expect(rejectAfter.statusCode).toBe(409);
    const raised = await eventsAbout(depositId);
    // The approval's two events are written by one statement, in either order.
    expect(
      raised.map((event) => `${event.type} ${(event.data as { change?: string }).change ?? ''}`).sort(),
    ).toEqual(['deposit.reviewed ', 'queue.changed approved', 'queue.changed created']);
  });

  it('resumes after Last-Event-ID with exactly what was missed, in order, then goes on live', async () => {
    const jane = await signedInInvestor(app);
    const janeId = await userIdOf(jane.email);
    const first = await open(jane.token);
    await notify(janeId);
    const seen = await first.waitFor((m) => m.event === 'notification.changed');
    first.close();
    await until(() => app.liveEvents.streams.countOf(janeId) === 0);

    // Missed while away: a deposit approved, then a notification.
    const depositId = await deposit(jane, '60');
    expect((await review(app, reviewer, 'deposits', depositId, 'approve')).statusCode).toBe(200);
    await notify(janeId);
    const { db } = await testDatabase();
    const missed = await db
      .select({ id: liveEvents.id })
      .from(liveEvents)
      .where(and(eq(liveEvents.recipient, janeId), sql`${liveEvents.id} > ${Number(seen.id)}`))
      .orderBy(liveEvents.id);
    expect(missed).toHaveLength(2);

    const resumed = await open(jane.token, { 'last-event-id': seen.id ?? '' });
    await resumed.waitFor((m) => m.id === String(missed[1]?.id));
    await notify(janeId);
    await until(() => eventsOf(resumed).length === 3);
    const events = eventsOf(resumed);
    expect(events.slice(0, 2).map((event) => Number(event.id))).toEqual(missed.map((row) => row.id));
    expect(events.map((event) => event.event)).toEqual([
      'deposit.reviewed',
      'notification.changed',
      'notification.changed',
    ]);
    expect(new Set(events.map((event) => event.id)).size).toBe(3);
    expect(Number(events[2]?.id)).toBeGreaterThan(Number(events[1]?.id));
  });

  it('refuses a malformed Last-Event-ID with 400', async () => {
    const jane = await signedInInvestor(app);
    const stream = await open(jane.token, { 'last-event-id': 'abc' });
    expect(stream.status).toBe(400);
    expect(JSON.parse(stream.text)).toEqual({ msg: expect.stringMatching(/Last-Event-ID/i) });
  });

  it('answers the sixth stream of one account 429 with Retry-After, and opens again once one closes', async () => {
    const jane = await signedInInvestor(app);
    const janeId = await userIdOf(jane.email);
    const five = [];
    for (let index = 0; index < 5; index++) five.push(await open(jane.token));
    expect(five.map((stream) => stream.status)).toEqual([200, 200, 200, 200, 200]);
    const sixth = await open(jane.token);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(sixth.text)).toEqual({ msg: tooManyStreamsMessage });
    // Another account is not held by Jane's streams.
    const john = await signedInInvestor(app);
    expect((await open(john.token)).status).toBe(200);

    five[0]?.close();
    await until(() => app.liveEvents.streams.countOf(janeId) === 4);
    expect((await open(jane.token)).status).toBe(200);
  });

  it('caps the streams of one network address, and of the instance, each answered with a wait', async () => {
    const capped = await createTestApp(
      { EVENT_STREAMS_PER_ADDRESS: '2', EVENT_STREAMS_PER_INSTANCE: '3', TRUST_PROXY: '1' },
      { eventHeartbeatMs: heartbeatMs },
    );
    const mine: OpenedStream[] = [];
    try {
      const url = await listening(capped);
      const [ann, bob, cid] = [
        await signedInInvestor(capped),
        await signedInInvestor(capped),
        await signedInInvestor(capped),
      ];
      const openFrom = async (token: string, address: string) => {
        const stream = await openEventStream(url, token, { 'x-forwarded-for': address });
        mine.push(stream);
        return stream;
      };
      const office = '203.0.113.7';
      const first = await openFrom(ann.token, office);
      expect([first.status, (await openFrom(bob.token, office)).status]).toEqual([200, 200]);
      // A third account behind the same address: refused, though the account holds none.
      const third = await openFrom(cid.token, office);
      expect(third.status).toBe(429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      expect(JSON.parse(third.text)).toEqual({ msg: tooManyStreamsFromAddressMessage });

      // From elsewhere: one more fills the instance; the next is sent away to come back.
      expect((await openFrom(cid.token, '198.51.100.9')).status).toBe(200);
      const full = await openFrom(cid.token, '198.51.100.10');
      expect(full.status).toBe(503);
      expect(Number(full.headers['retry-after'])).toBeGreaterThan(0);
      expect(JSON.parse(full.text)).toEqual({ msg: instanceFullMessage });

      // A stream that ends gives its places back.
      first.close();
      await until(() => capped.liveEvents.streams.size === 2);
      expect((await openFrom(cid.token, office)).status).toBe(200);
    } finally {
      for (const stream of mine) stream.close();
      await capped.close();
    }
  });

  it('counts the streams of one account on every instance of the database together', async () => {
    const other = await createTestApp({}, { eventHeartbeatMs: heartbeatMs });
    try {
      const otherUrl = await listening(other);
      const jane = await signedInInvestor(app);
      const janeId = await userIdOf(jane.email);
      const openThere = async () => {
        const stream = await openEventStream(otherUrl, jane.token);
        opened.push(stream);
        return stream;
      };
      const here = [await open(jane.token), await open(jane.token), await open(jane.token)];
      const there = [await openThere(), await openThere()];
      expect([...here, ...there].map((stream) => stream.status)).toEqual([200, 200, 200, 200, 200]);
      expect((await openThere()).status).toBe(429);
      expect((await open(jane.token)).status).toBe(429);

      // A stream closed here frees its place for the other instance (once this one has let it go).
      here[0]?.close();
      await until(() => app.liveEvents.streams.countOf(janeId) === 2);
      await until(async () => (await openThere()).status === 200);
      expect(other.liveEvents.streams.countOf(janeId)).toBe(3);
      expect((await open(jane.token)).status).toBe(429);
    } finally {
      await other.close();
    }
  });

  it('sends a heartbeat comment while nothing happens', async () => {
    const jane = await signedInInvestor(app);
    const stream = await open(jane.token);
    await stream.waitFor((m) => m.comment === 'heartbeat');
  });

  it('refuses a stream without a live session (401)', async () => {
    const stream = await open('A'.repeat(43));
    expect(stream.status).toBe(401);
  });

  it("ends the stream of a session that signs out, and only that session's", async () => {
    const jane = await signedInInvestor(app);
    const other = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: jane.email, password: jane.password },
    });
    const otherToken: string = other.json().token;
    const ending = await open(jane.token);
    const staying = await open(otherToken);
    const logout = await app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: jane.headers });
    expect(logout.statusCode, logout.body).toBe(200);
    await ending.ended;
    // The other session's stream still beats.
    const beats = staying.messages.filter((m) => m.comment === 'heartbeat').length;
    await staying.waitFor(() => staying.messages.filter((m) => m.comment === 'heartbeat').length > beats);
  });
});

describe('a change of role', () => {
  it("ends the account's streams, not its session: what a stream receives depends on the role", async () => {
    const { db } = await testDatabase();
    const demoted = await signedInAdmin(app);
    const demotedId = await userIdOf(demoted.email);
    const stream = await open(demoted.token);
    await db.update(users).set({ role: 'user' }).where(eq(users.id, demotedId));
    // Each heartbeat checks the account anew once its check's cache (a second) has run out, which
    // ten heartbeats of 300 ms each outlast, however late they come.
    const outcome = await Promise.race([
      stream.ended.then(() => 'ended'),
      heartbeatsFrom(stream, 10).then(
        () => 'still open',
        () => 'ended',
      ),
    ]);
    expect(outcome).toBe('ended');

    // The session stays: a new stream opens, now with a user's events alone.
    const userInfo = await app.inject({
      method: 'GET',
      url: '/api/v1/users/user-info',
      headers: demoted.headers,
    });
    expect(userInfo.statusCode, userInfo.body).toBe(200);
    const again = await open(demoted.token);
    expect(again.status).toBe(200);
    const jane = await signedInInvestor(app);
    await deposit(jane, '20');
    await notify(demotedId);
    await again.waitFor((m) => m.event === 'notification.changed');
    expect(eventsOf(again).map((event) => event.event)).toEqual(['notification.changed']);
  });
});

describe('old events', () => {
  it('are deleted after the resume window; newer ones stay', async () => {
    const { db } = await testDatabase();
    const jane = await signedInInvestor(app);
    const janeId = await userIdOf(jane.email);
    const now = Date.now();
    const rows = await db
      .insert(liveEvents)
      .values([
        {
          recipient: janeId,
          type: 'notification.changed',
          data: { type: 'notification.changed' },
          createdAt: new Date(now - 11 * 60_000),
        },
        {
          recipient: janeId,
          type: 'notification.changed',
          data: { type: 'notification.changed' },
          createdAt: new Date(now - 9 * 60_000),
        },
      ])
      .returning({ id: liveEvents.id });
    await app.liveEvents.hub.prune(new Date(now));
    const left = await db
      .select({ id: liveEvents.id })
      .from(liveEvents)
      .where(eq(liveEvents.recipient, janeId))
      .orderBy(liveEvents.id);
    expect(left).toEqual([{ id: rows[1]?.id }]);
  });
});

describe('the stop of an instance', () => {
  it("ends its streams with a retry hint, and doesn't wait for them", async () => {
    const stopping = await createTestApp({}, { eventHeartbeatMs: 60_000 });
    await stopping.listen({ port: 0, host: '127.0.0.1' });
    const address = stopping.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const jane = await signedInInvestor(stopping);
    const stream = await openEventStream(url, jane.token);
    expect(stream.status).toBe(200);
    await stopping.close();
    await stream.ended;
    expect(stream.messages.at(-1)?.retry).toMatch(/^[0-9]+$/);
  });
});
