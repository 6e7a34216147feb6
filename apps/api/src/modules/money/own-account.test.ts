import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database';
import { signedInAdmin, signedInInvestor, userIdOf } from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { expectContract } from '../../testing/contract';
import { testDatabase } from '../../testing/database';
import {
  approvedDeposit,
  createWallets,
  figures,
  requestDeposit,
  requestWithdrawal,
  review,
  secondAdmin,
} from '../../testing/money';

/*
 * No admin moves money on their own account: reviewing their own deposit or withdrawal, or posting a
 * profit, bonus or adjustment to themselves, is refused (403) and changes nothing. Another admin must.
 */

let app: FastifyInstance;
/** Funds the admins' accounts and reviews what the others may not. */
let otherAdmin: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  app = await createTestApp();
  otherAdmin = await signedInAdmin(app);
  await createWallets(app, otherAdmin);
  return () => app.close();
});

const ownReview = 'You cannot review your own request: another admin must.';
const ownPosting = 'You cannot post to your own account: another admin must.';

async function query<Row = Record<string, unknown>>(statement: ReturnType<typeof sql>): Promise<Row[]> {
  const { db } = await testDatabase();
  return rowsOf<Row>(await db.execute(statement));
}

/** What a refused move must leave as it was: the request, its journals and its audit records. */
async function traceOf(table: 'deposits' | 'withdrawals', id: string) {
  const [request] = await query<{ status: string; reviewed_by_id: string | null }>(
    sql`SELECT status, reviewed_by_id FROM ${sql.identifier(table)} WHERE id = ${id}`,
  );
  const column = sql.identifier(table === 'deposits' ? 'deposit_id' : 'withdrawal_id');
  const journals = await query(sql`SELECT kind FROM ledger_journals WHERE ${column} = ${id}`);
  const audit = await query(sql`SELECT action FROM audit_log WHERE target_id = ${id}`);
  return { request, journals: journals.map((row) => row.kind), audit: audit.map((row) => row.action) };
}

describe('an admin reviewing their own deposit', () => {
  it('is refused, approval and rejection alike, and the deposit stays pending until another admin approves', async () => {
    const admin = await signedInAdmin(app);
    const requested = await requestDeposit(app, admin, '500');
    const depositId = requested.json().transaction._id as string;

    for (const verdict of ['approve', 'reject'] as const) {
      const answer = await review(app, admin, 'deposits', depositId, verdict);
      await expectContract(verdict === 'approve' ? 'adminApproveDeposit' : 'adminRejectDeposit', answer);
      expect(answer.statusCode, answer.body).toBe(403);
      expect(answer.json()).toEqual({ msg: ownReview });
    }
    expect(await traceOf('deposits', depositId)).toEqual({
      request: { status: 'pending', reviewed_by_id: null },
      journals: [],
      audit: [],
    });
    expect(await figures(app, admin)).toMatchObject({ availableBalance: 0, pendingDeposits: 500 });

    const approved = await review(app, otherAdmin, 'deposits', depositId, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await figures(app, admin)).toMatchObject({ availableBalance: 500, pendingDeposits: 0 });
  });

  it('is refused for a referred admin first deposit too (the approval that may pay a referral bonus)', async () => {
    const referrer = await signedInInvestor(app);
    const info = await app.inject({
      method: 'GET',
      url: '/api/v1/users/user-info?fields=referralCode',
      headers: referrer.headers,
    });
    const admin = await signedInAdmin(app, { referredBy: info.json().referralCode });
    const requested = await requestDeposit(app, admin, '1000');
    const depositId = requested.json().transaction._id as string;

    const concurrent = await Promise.all(
      Array.from({ length: 4 }, () => review(app, admin, 'deposits', depositId, 'approve')),
    );
    for (const answer of concurrent) {
      expect(answer.statusCode, answer.body).toBe(403);
      expect(answer.json()).toEqual({ msg: ownReview });
    }
    expect(await traceOf('deposits', depositId)).toEqual({
      request: { status: 'pending', reviewed_by_id: null },
      journals: [],
      audit: [],
    });
    expect(await figures(app, referrer)).toMatchObject({ bonus: 0 });
  });
});

describe('an admin reviewing their own withdrawal', () => {
  it('is refused, approval and rejection alike, and the hold stays until another admin reviews it', async () => {
    const admin = await signedInAdmin(app);
    await approvedDeposit(app, admin, otherAdmin, '300');
    const requested = await requestWithdrawal(app, admin, '120');
    const withdrawalId = requested.json().transaction._id as string;

    for (const verdict of ['approve', 'reject'] as const) {
      const answer = await review(app, admin, 'withdrawals', withdrawalId, verdict);
      await expectContract(
        verdict === 'approve' ? 'adminApproveWithdrawal' : 'adminRejectWithdrawal',
        answer,
      );
      expect(answer.statusCode, answer.body).toBe(403);
      expect(answer.json()).toEqual({ msg: ownReview });
    }
    expect(await traceOf('withdrawals', withdrawalId)).toEqual({
      request: { status: 'pending', reviewed_by_id: null },
      journals: ['withdrawal_hold'],
      audit: [],
    });
    expect(await figures(app, admin)).toMatchObject({ availableBalance: 180, pendingWithdrawals: 120 });

    const approved = await review(app, otherAdmin, 'withdrawals', withdrawalId, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await figures(app, admin)).toMatchObject({
      availableBalance: 180,
      pendingWithdrawals: 0,
      withdrawals: 120,
    });
  });
});

describe('an admin posting to their own account', () => {
  it('is refused for a bonus and an adjustment, proposed or approved; posting to another works', async () => {
    const admin = await signedInAdmin(app);
    await approvedDeposit(app, admin, otherAdmin, '50');
    const { id } = admin;
    const post = (userId: string, payload: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/admin/users/${userId}/ledger-entries`,
        headers: admin.headers,
        payload,
      });

    for (const payload of [
      { kind: 'bonus', amount: 10, memo: 'Loyalty bonus' },
      { kind: 'adjustment', amount: -20.25, memo: 'Correction' },
      { kind: 'adjustment', amount: 1000, memo: 'Correction' },
    ]) {
      for (const ownId of [id, id.toUpperCase()]) {
        const answer = await post(ownId, payload);
        await expectContract('adminPostLedgerEntry', answer);
        expect(answer.statusCode, answer.body).toBe(403);
        expect(answer.json()).toEqual({ msg: ownPosting });
      }
    }
    expect(
      await query(sql`SELECT kind FROM ledger_journals WHERE user_id = ${id} AND kind <> 'deposit'`),
    ).toEqual([]);
    expect(await query(sql`SELECT id FROM audit_log WHERE target_id = ${id}::text`)).toEqual([]);
    expect(await figures(app, admin)).toMatchObject({ availableBalance: 50, bonus: 0 });

    // The same admin may propose a posting to anyone else, and another admin one to them; but the
    // admin a posting is for cannot be the one who approves it.
    const investor = await signedInInvestor(app);
    const toInvestor = await post(await userIdOf(investor.email), {
      kind: 'bonus',
      amount: 5,
      memo: 'Goodwill',
    });
    expect(toInvestor.statusCode, toInvestor.body).toBe(202);
    const byOther = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${id}/ledger-entries`,
      headers: otherAdmin.headers,
      payload: { kind: 'bonus', amount: 5, memo: 'Goodwill' },
    });
    expect(byOther.statusCode, byOther.body).toBe(202);
    const approveAs = (approver: { headers: Record<string, string> }) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/admin/approvals/${byOther.json().approval._id}/approve`,
        headers: approver.headers,
      });
    const bySelf = await approveAs(admin);
    expect(bySelf.statusCode, bySelf.body).toBe(403);
    expect(bySelf.json()).toEqual({ msg: ownPosting });
    expect(await figures(app, admin)).toMatchObject({ availableBalance: 50, bonus: 0 });
    expect((await approveAs(await secondAdmin(app))).statusCode).toBe(200);
    expect(await figures(app, admin)).toMatchObject({ availableBalance: 55, bonus: 5 });
  });
});
