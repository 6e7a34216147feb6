import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database';
import { signedInAdmin, userIdOf } from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { expectContract } from '../../testing/contract';
import { testDatabase } from '../../testing/database';
import { createWallets, figures, fundedInvestor, requestWithdrawal, review } from '../../testing/money';

/*
 * With WITHDRAWAL_SECOND_APPROVAL_USD set, a withdrawal above it is paid out only by the approvals of
 * two different admins: the first is recorded (the withdrawal stays pending, its hold in place), the
 * same admin cannot give the second, and a rejection at any point gives the hold back.
 */

let app: FastifyInstance;
let first: Awaited<ReturnType<typeof signedInAdmin>>;
let second: Awaited<ReturnType<typeof signedInAdmin>>;
let third: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  app = await createTestApp({ WITHDRAWAL_SECOND_APPROVAL_USD: '1000' });
  first = await signedInAdmin(app, { fullname: 'first admin' });
  second = await signedInAdmin(app, { fullname: 'second admin' });
  third = await signedInAdmin(app, { fullname: 'third admin' });
  await createWallets(app, first);
  return () => app.close();
});

async function query<Row = Record<string, unknown>>(statement: ReturnType<typeof sql>): Promise<Row[]> {
  const { db } = await testDatabase();
  return rowsOf<Row>(await db.execute(statement));
}

/** An investor with `funds` available and a pending withdrawal of `amount`: its id. */
async function pendingWithdrawal(funds: string, amount: string) {
  const investor = await fundedInvestor(app, third, funds);
  const requested = await requestWithdrawal(app, investor, amount);
  expect(requested.statusCode, requested.body).toBe(201);
  return { investor, withdrawalId: requested.json().transaction._id as string };
}

async function journalsOf(withdrawalId: string) {
  const rows = await query<{ kind: string }>(
    sql`SELECT kind FROM ledger_journals WHERE withdrawal_id = ${withdrawalId} ORDER BY created_at, kind`,
  );
  return rows.map((row) => row.kind);
}

async function auditOf(withdrawalId: string) {
  return query<{ action: string; actor_id: string; approval: string | null }>(
    sql`SELECT action, actor_id, details->>'approval' AS approval FROM audit_log
      WHERE target_id = ${withdrawalId} ORDER BY created_at, id`,
  );
}

const ref = (admin: { id: string; email: string }, fullname: string) => ({
  _id: admin.id,
  fullname,
  email: admin.email,
});

describe('a withdrawal above the second-approval threshold', () => {
  it('is paid out by a second admin after a first, recorded, listed as awaiting, and audited twice', async () => {
    const { investor, withdrawalId } = await pendingWithdrawal('5000', '1000.01');

    const firstApproval = await review(app, first, 'withdrawals', withdrawalId, 'approve');
    await expectContract('adminApproveWithdrawal', firstApproval);
    expect(firstApproval.statusCode, firstApproval.body).toBe(200);
    expect(firstApproval.json()).toMatchObject({
      msg: 'First approval recorded: a second admin must approve this withdrawal',
      withdrawal: {
        status: 'pending',
        reviewedBy: null,
        resolvedAt: null,
        firstApprovedBy: ref(first, 'first admin'),
        firstApprovedAt: expect.any(String),
        needsSecondApproval: true,
      },
    });
    expect(await journalsOf(withdrawalId)).toEqual(['withdrawal_hold']);
    expect(await figures(app, investor)).toMatchObject({
      availableBalance: 3999.99,
      pendingWithdrawals: 1000.01,
    });

    // The back office's queue shows it awaiting a second approval.
    const queue = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/withdrawals?status=pending&userId=${await userIdOf(investor.email)}`,
      headers: third.headers,
    });
    await expectContract('adminListWithdrawals', queue);
    expect(queue.json().items).toEqual([
      expect.objectContaining({
        _id: withdrawalId,
        needsSecondApproval: true,
        firstApprovedBy: ref(first, 'first admin'),
      }),
    ]);

    // The first admin cannot give the second approval, however often they try.
    for (let attempt = 0; attempt < 2; attempt++) {
      const again = await review(app, first, 'withdrawals', withdrawalId, 'approve');
      await expectContract('adminApproveWithdrawal', again);
      expect(again.statusCode, again.body).toBe(403);
      expect(again.json()).toEqual({ msg: 'A second admin must approve this withdrawal' });
    }
    expect(await journalsOf(withdrawalId)).toEqual(['withdrawal_hold']);

    const secondApproval = await review(app, second, 'withdrawals', withdrawalId, 'approve');
    await expectContract('adminApproveWithdrawal', secondApproval);
    expect(secondApproval.statusCode, secondApproval.body).toBe(200);
    expect(secondApproval.json()).toMatchObject({
      msg: 'Withdrawal approved',
      withdrawal: {
        status: 'approved',
        reviewedBy: ref(second, 'second admin'),
        firstApprovedBy: ref(first, 'first admin'),
        needsSecondApproval: false,
      },
    });
    expect(await journalsOf(withdrawalId)).toEqual(['withdrawal_hold', 'withdrawal_paid']);
    expect(await figures(app, investor)).toMatchObject({
      availableBalance: 3999.99,
      pendingWithdrawals: 0,
      withdrawals: 1000.01,
    });
    expect(await auditOf(withdrawalId)).toEqual([
      { action: 'withdrawal.approve', actor_id: first.id, approval: 'first approval' },
      { action: 'withdrawal.approve', actor_id: second.id, approval: 'second approval' },
    ]);

    const late = await review(app, third, 'withdrawals', withdrawalId, 'approve');
    expect(late.statusCode, late.body).toBe(409);
  });

  it('gives the hold back when rejected after its first approval, by its first approver or another admin', async () => {
    for (const rejecter of [first, second]) {
      const { investor, withdrawalId } = await pendingWithdrawal('2000', '1500');
      expect((await review(app, first, 'withdrawals', withdrawalId, 'approve')).statusCode).toBe(200);
      const rejected = await review(
        app,
        rejecter,
        'withdrawals',
        withdrawalId,
        'reject',
        'Address unverified',
      );
      await expectContract('adminRejectWithdrawal', rejected);
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect(rejected.json().withdrawal).toMatchObject({ status: 'rejected', needsSecondApproval: false });
      expect(await journalsOf(withdrawalId)).toEqual(['withdrawal_hold', 'withdrawal_release']);
      expect(await figures(app, investor)).toMatchObject({ availableBalance: 2000, pendingWithdrawals: 0 });
      expect((await review(app, second, 'withdrawals', withdrawalId, 'approve')).statusCode).toBe(409);
    }
  });

  it("pays out once when second approvals race, and never on the first approver's", async () => {
    const { investor, withdrawalId } = await pendingWithdrawal('3000', '2500');
    expect((await review(app, first, 'withdrawals', withdrawalId, 'approve')).statusCode).toBe(200);
    const racers = [second, third, first];
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, index) =>
        review(app, racers[index % 3] as typeof first, 'withdrawals', withdrawalId, 'approve'),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    // The first approver is refused while it is pending, and finds it approved after.
    answers.forEach((answer, index) => {
      const by = racers[index % 3];
      expect(by === first ? [403, 409] : [200, 409], answer.body).toContain(answer.statusCode);
    });
    expect(await journalsOf(withdrawalId)).toEqual(['withdrawal_hold', 'withdrawal_paid']);
    expect(await figures(app, investor)).toMatchObject({ availableBalance: 500, withdrawals: 2500 });
    expect((await auditOf(withdrawalId)).map((row) => row.approval)).toEqual([
      'first approval',
      'second approval',
    ]);
  });

  it('takes two admins when two approve at once: one gives the first approval, the other pays it out', async () => {
    const { withdrawalId } = await pendingWithdrawal('3000', '2500');
    const answers = await Promise.all([
      review(app, first, 'withdrawals', withdrawalId, 'approve'),
      review(app, second, 'withdrawals', withdrawalId, 'approve'),
    ]);
    expect(answers.map((answer) => answer.json().msg).sort()).toEqual([
      'First approval recorded: a second admin must approve this withdrawal',
      'Withdrawal approved',
    ]);
    expect(await journalsOf(withdrawalId)).toEqual(['withdrawal_hold', 'withdrawal_paid']);
    const [row] = await query<{ first_approved_by_id: string; reviewed_by_id: string }>(
      sql`SELECT first_approved_by_id, reviewed_by_id FROM withdrawals WHERE id = ${withdrawalId}`,
    );
    expect(new Set([row?.first_approved_by_id, row?.reviewed_by_id])).toEqual(new Set([first.id, second.id]));
  });

  it('needs one approval at the threshold itself', async () => {
    const { withdrawalId } = await pendingWithdrawal('1000', '1000');
    const approved = await review(app, first, 'withdrawals', withdrawalId, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().withdrawal).toMatchObject({
      status: 'approved',
      firstApprovedBy: null,
      needsSecondApproval: false,
    });
  });

  it('is kept by the database: a first approval never changes, and one admin never gives both', async () => {
    const { withdrawalId } = await pendingWithdrawal('3000', '2000');
    expect((await review(app, first, 'withdrawals', withdrawalId, 'approve')).statusCode).toBe(200);
    const { db } = await testDatabase();
    const attempts = [
      sql`UPDATE withdrawals SET first_approved_by_id = ${second.id} WHERE id = ${withdrawalId}`,
      sql`UPDATE withdrawals SET first_approved_by_id = NULL, first_approved_at = NULL WHERE id = ${withdrawalId}`,
      sql`UPDATE withdrawals SET status = 'approved', resolved_at = now(), reviewed_by_id = ${first.id}
        WHERE id = ${withdrawalId}`,
    ];
    for (const attempt of attempts) {
      await expect(db.execute(attempt), String(attempt.queryChunks[0])).rejects.toThrow();
    }
    const [row] = await query<{ status: string; first_approved_by_id: string }>(
      sql`SELECT status, first_approved_by_id FROM withdrawals WHERE id = ${withdrawalId}`,
    );
    expect(row).toEqual({ status: 'pending', first_approved_by_id: first.id });
  });
});

describe('the rolling 24 hours', () => {
  it('counts the user’s other pending and approved withdrawals: splitting does not avoid a second admin', async () => {
    const investor = await fundedInvestor(app, third, '2000');
    const split = async (amount: string) => {
      const requested = await requestWithdrawal(app, investor, amount);
      expect(requested.statusCode, requested.body).toBe(201);
      return requested.json().transaction._id as string;
    };
    // Each of 600 is under the threshold of 1,000; together they are over it.
    const firstPart = await split('600');
    const secondPart = await split('600');
    const approval = await review(app, first, 'withdrawals', firstPart, 'approve');
    expect(approval.statusCode, approval.body).toBe(200);
    expect(approval.json().withdrawal).toMatchObject({ status: 'pending', needsSecondApproval: true });
    // A rejected one counts for nothing: alone, the other is paid out on one approval.
    expect((await review(app, second, 'withdrawals', firstPart, 'reject')).statusCode).toBe(200);
    const alone = await review(app, first, 'withdrawals', secondPart, 'approve');
    expect(alone.json().withdrawal).toMatchObject({ status: 'approved', needsSecondApproval: false });
  });
});

describe('the default threshold, and 0', () => {
  it('takes two admins above 10,000 USD a day by default, and for every withdrawal with 0', async () => {
    const byDefault = await createTestApp();
    const everyOne = await createTestApp({ WITHDRAWAL_SECOND_APPROVAL_USD: '0' });
    try {
      const firstApprovalOf = async (target: FastifyInstance, funds: string, amount: string) => {
        const admin = await signedInAdmin(target);
        const reviewer = await signedInAdmin(target);
        await createWallets(target, admin);
        const investor = await fundedInvestor(target, admin, funds);
        const requested = await requestWithdrawal(target, investor, amount);
        const answer = await review(
          target,
          reviewer,
          'withdrawals',
          requested.json().transaction._id,
          'approve',
        );
        expect(answer.statusCode, answer.body).toBe(200);
        return answer.json().withdrawal.status as string;
      };
      expect(await firstApprovalOf(byDefault, '90000', '75000')).toBe('pending');
      expect(await firstApprovalOf(byDefault, '90000', '10000')).toBe('approved');
      expect(await firstApprovalOf(everyOne, '10', '1')).toBe('pending');
    } finally {
      await byDefault.close();
      await everyOne.close();
    }
  });
});
