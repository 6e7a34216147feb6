import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database';
import { newAddress, resetPasswordByMail, signedInAdmin, signIn, userIdOf } from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { expectContract } from '../../testing/contract';
import { testDatabase } from '../../testing/database';
import { createWallets, figures, fundedInvestor, requestWithdrawal, review } from '../../testing/money';
import { withdrawalNotFoundMessage } from './withdrawal-cancel';

/*
 * The owner of a pending withdrawal may cancel it: it is resolved as cancelled, once, and its held
 * amount is back in the available balance through an appended release journal.
 */

let app: FastifyInstance;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  app = await createTestApp();
  admin = await signedInAdmin(app);
  await createWallets(app, admin);
  return () => app.close();
});

type Caller = { headers: Record<string, string> };

async function cancel(
  caller: Caller,
  withdrawalId: string,
  options: { headers?: Record<string, string>; payload?: string } = {},
) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/withdrawals/${withdrawalId}/cancel`,
    headers: { ...caller.headers, ...options.headers },
    remoteAddress: newAddress(),
    ...(options.payload === undefined ? {} : { payload: options.payload }),
  });
  await expectContract('cancelWithdrawal', response);
  return response;
}

async function pendingWithdrawal(
  investor: { headers: { authorization: string } },
  amount: string,
): Promise<string> {
  const answer = await requestWithdrawal(app, investor, amount);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().transaction._id;
}

async function query<Row>(statement: ReturnType<typeof sql>): Promise<Row[]> {
  const { db } = await testDatabase();
  return rowsOf<Row>(await db.execute(statement));
}

/** The withdrawal's journals, oldest first: their kinds, memos and entries (account and cents). */
async function journalsOf(withdrawalId: string) {
  const rows = await query<{
    kind: string;
    memo: string | null;
    created_by_id: string | null;
    entries: string;
  }>(
    sql`SELECT j.kind, j.memo, j.created_by_id,
          string_agg(e.account || ' ' || e.amount_cents, ', ' ORDER BY e.amount_cents) AS entries
        FROM ledger_journals j JOIN ledger_entries e ON e.journal_id = j.id
        WHERE j.withdrawal_id = ${withdrawalId}
        GROUP BY j.id, j.kind, j.memo, j.created_by_id, j.created_at ORDER BY j.created_at, j.id`,
  );
  return rows;
}

/** Every journal sums to zero, and all entries together do. */
async function expectLedgerBalanced() {
  const unbalanced = await query(
    sql`SELECT journal_id FROM ledger_entries GROUP BY journal_id, asset HAVING sum(amount_cents) <> 0`,
  );
  expect(unbalanced).toEqual([]);
}

async function history(caller: Caller, query: Record<string, string> = {}) {
  const response = await app.inject({
    method: 'GET',
    url: '/api/v1/transaction-history',
    query,
    headers: caller.headers,
  });
  await expectContract('listTransactions', response);
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

describe('cancelling a pending withdrawal', () => {
  it('resolves it as cancelled and gives its amount back to the available balance, exactly', async () => {
    const investor = await fundedInvestor(app, admin, '100');
    const userId = await userIdOf(investor.email);
    const on = await app.inject({
      method: 'PATCH',
      url: '/api/v1/users/user-info',
      headers: investor.headers,
      payload: { activityLogStatus: true },
    });
    expect(on.statusCode, on.body).toBe(200);
    const withdrawalId = await pendingWithdrawal(investor, '33.33');
    expect(await figures(app, investor)).toMatchObject({
      availableBalance: 66.67,
      pendingWithdrawals: 33.33,
    });

    const cancelled = await cancel(investor, withdrawalId);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const answer = cancelled.json();
    expect(answer.msg).toBe('Withdrawal cancelled: $33.33 is back in your available balance');
    expect(answer.transaction).toMatchObject({
      _id: withdrawalId,
      amount: 33.33,
      trxType: 'withdrawal',
      status: 'cancelled',
      reason: null,
    });
    expect(Date.parse(answer.transaction.resolvedAt)).toBeLessThanOrEqual(Date.now());
    expect(await figures(app, investor)).toMatchObject({
      availableBalance: 100,
      totalBalance: 100,
      pendingWithdrawals: 0,
      withdrawals: 0,
    });

    // The hold and its release, each an appended journal; no admin made the release.
    expect(await journalsOf(withdrawalId)).toEqual([
      { kind: 'withdrawal_hold', memo: null, created_by_id: null, entries: 'available -3333, held 3333' },
      {
        kind: 'withdrawal_release',
        memo: 'Cancelled by its owner',
        created_by_id: null,
        entries: 'held -3333, available 3333',
      },
    ]);
    await expectLedgerBalanced();

    // The history shows it cancelled, filtered or not, and so does its CSV export.
    const rows = (await history(investor)).json().items as { _id: string; status: string }[];
    expect(rows.find((row) => row._id === withdrawalId)?.status).toBe('cancelled');
    const onlyCancelled = (await history(investor, { status: 'cancelled' })).json().items;
    expect(onlyCancelled.map((row: { _id: string }) => row._id)).toEqual([withdrawalId]);
    const csv = (await history(investor, { format: 'csv' })).body;
    expect(csv).toMatch(new RegExp(`^"${withdrawalId}",.*,"withdrawal","debit","33\\.33","cancelled",`, 'm'));

    // The back office sees it resolved with no reviewer, and is told so when it tries to review it.
    const listed = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/withdrawals',
      query: { userId },
      headers: admin.headers,
    });
    await expectContract('adminListWithdrawals', listed);
    expect(listed.json().items[0]).toMatchObject({
      _id: withdrawalId,
      status: 'cancelled',
      reviewedBy: null,
    });
    const at = `${answer.transaction.resolvedAt.slice(0, 16).replace('T', ' ')} UTC`;
    for (const verdict of ['approve', 'reject'] as const) {
      const late = await review(app, admin, 'withdrawals', withdrawalId, verdict);
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual({ msg: `Already cancelled by its owner at ${at}` });
    }

    // The activity log records it.
    const activity = await app.inject({
      method: 'GET',
      url: '/api/v1/users/activity?limit=5',
      headers: investor.headers,
    });
    await expectContract('listActivity', activity);
    expect(activity.json().items[0]).toMatchObject({
      kind: 'withdrawal_cancelled',
      detail: expect.stringMatching(/^WDR-[A-Z0-9]+, \$33\.33$/),
    });

    // The admins' queues are told it left the queue.
    const events = await query<{ data: { change: string; by: string | null; byId: string | null } }>(
      sql`SELECT data FROM live_events WHERE recipient = 'admins' AND data ->> 'requestId' = ${withdrawalId}
        ORDER BY id`,
    );
    expect(events.map((event) => event.data)).toEqual([
      expect.objectContaining({ change: 'created' }),
      expect.objectContaining({ change: 'cancelled', by: null, byId: null }),
    ]);
  });

  it('is done once: a second cancel answers 409 and moves nothing', async () => {
    const investor = await fundedInvestor(app, admin, '40');
    const withdrawalId = await pendingWithdrawal(investor, '15');
    const first = await cancel(investor, withdrawalId);
    expect(first.statusCode, first.body).toBe(200);
    const again = await cancel(investor, withdrawalId);
    expect(again.statusCode).toBe(409);
    const at = `${first.json().transaction.resolvedAt.slice(0, 16).replace('T', ' ')} UTC`;
    expect(again.json()).toEqual({ msg: `This withdrawal was already cancelled on ${at}.` });
    expect(await figures(app, investor)).toMatchObject({ availableBalance: 40, pendingWithdrawals: 0 });
    expect(await journalsOf(withdrawalId)).toHaveLength(2);
  });

  it('refuses an approved or a rejected withdrawal (409), saying how and when it was resolved', async () => {
    const investor = await fundedInvestor(app, admin, '60');
    const approvedId = await pendingWithdrawal(investor, '10');
    const approved = await review(app, admin, 'withdrawals', approvedId, 'approve');
    const rejectedId = await pendingWithdrawal(investor, '20');
    const rejected = await review(app, admin, 'withdrawals', rejectedId, 'reject');
    for (const [id, reviewed, status] of [
      [approvedId, approved, 'approved'],
      [rejectedId, rejected, 'rejected'],
    ] as const) {
      const refused = await cancel(investor, id);
      expect(refused.statusCode).toBe(409);
      const at = `${reviewed.json().withdrawal.resolvedAt.slice(0, 16).replace('T', ' ')} UTC`;
      expect(refused.json()).toEqual({
        msg: `This withdrawal was already ${status} on ${at}: only a pending one can be cancelled.`,
      });
    }
    expect(await figures(app, investor)).toMatchObject({ availableBalance: 50, withdrawals: 10 });
  });

  it("is the owner's alone: another user's or an admin's cancel answers 404, as for one that does not exist", async () => {
    const owner = await fundedInvestor(app, admin, '30');
    const other = await fundedInvestor(app, admin, '30');
    const withdrawalId = await pendingWithdrawal(owner, '30');
    for (const caller of [other, admin]) {
      const refused = await cancel(caller, withdrawalId);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ msg: withdrawalNotFoundMessage });
    }
    const missing = await cancel(owner, '00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ msg: withdrawalNotFoundMessage });
    const malformed = await cancel(owner, 'not-an-id');
    expect(malformed.statusCode).toBe(400);
    const anonymous = await cancel({ headers: {} }, withdrawalId);
    expect(anonymous.statusCode).toBe(401);
    expect(await figures(app, owner)).toMatchObject({ availableBalance: 0, pendingWithdrawals: 30 });
  });

  it('cancels one held after a password reset, and one awaiting a second approval', async () => {
    const investor = await fundedInvestor(app, admin, '80');
    const heldId = await pendingWithdrawal(investor, '30');
    const password = await resetPasswordByMail(app, investor.email);
    const again = {
      headers: { authorization: `Bearer ${(await signIn(app, { email: investor.email, password })).token}` },
    };
    const cancelled = await cancel(again, heldId);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await figures(app, again)).toMatchObject({ availableBalance: 80, pendingWithdrawals: 0 });

    const strict = await createTestApp({ WITHDRAWAL_SECOND_APPROVAL_USD: '0' });
    try {
      const reviewer = await signedInAdmin(strict);
      await createWallets(strict, reviewer);
      const saver = await fundedInvestor(strict, reviewer, '20');
      const asked = await requestWithdrawal(strict, saver, '20');
      const waitingId = asked.json().transaction._id as string;
      const once = await review(strict, reviewer, 'withdrawals', waitingId, 'approve');
      expect(once.json().withdrawal.needsSecondApproval).toBe(true);
      const response = await strict.inject({
        method: 'POST',
        url: `/api/v1/withdrawals/${waitingId}/cancel`,
        headers: saver.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(await figures(strict, saver)).toMatchObject({ availableBalance: 20, pendingWithdrawals: 0 });
    } finally {
      await strict.close();
    }
  });

  it('needs no body, and refuses one of a media type it does not read (415)', async () => {
    const investor = await fundedInvestor(app, admin, '10');
    const withdrawalId = await pendingWithdrawal(investor, '10');
    const refused = await cancel(investor, withdrawalId, {
      headers: { 'content-type': 'application/xml' },
      payload: '<cancel/>',
    });
    expect(refused.statusCode).toBe(415);
    expect((await cancel(investor, withdrawalId)).statusCode).toBe(200);
  });
});
