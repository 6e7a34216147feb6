import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../../db/database';
import { newAddress, signedInAdmin, signedInInvestor, userIdOf } from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { expectContract } from '../../testing/contract';
import { testDatabase } from '../../testing/database';
import { figures, fundedInvestor, walletAddresses } from '../../testing/money';
import { totpCode } from '../auth/totp';
import { stepUpCodeNeededMessage } from '../step-up/step-up';

/*
 * Four eyes: no one admin can mint money or redirect deposits. A posting, a new wallet, a wallet's
 * new address or its reactivation is proposed by one admin, moves or changes nothing until a second,
 * different admin approves it, and applies exactly once.
 */

type Admin = Awaited<ReturnType<typeof signedInAdmin>>;
let app: FastifyInstance;
let ada: Admin;
let bob: Admin;
let cy: Admin;

beforeAll(async () => {
  app = await createTestApp();
  ada = await signedInAdmin(app, { fullname: 'ada admin' });
  bob = await signedInAdmin(app, { fullname: 'bob admin' });
  cy = await signedInAdmin(app, { fullname: 'cy admin' });
  return () => app.close();
});

afterEach(() => {
  vi.useRealTimers();
});

async function query<Row = Record<string, unknown>>(statement: ReturnType<typeof sql>): Promise<Row[]> {
  const { db } = await testDatabase();
  return rowsOf<Row>(await db.execute(statement));
}

function call(
  caller: Pick<Admin, 'headers'>,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  url: string,
  payload?: object,
) {
  return app.inject({
    method,
    url: `/api/v1${url}`,
    headers: caller.headers,
    remoteAddress: newAddress(),
    ...(payload ? { payload } : {}),
  });
}

async function proposePosting(admin: Admin, userId: string, payload: object) {
  const response = await call(admin, 'POST', `/admin/users/${userId}/ledger-entries`, payload);
  await expectContract('adminPostLedgerEntry', response);
  return response;
}

async function approve(admin: Admin, approvalId: string, payload?: object) {
  const response = await call(admin, 'POST', `/admin/approvals/${approvalId}/approve`, payload);
  await expectContract('adminApproveApproval', response);
  return response;
}

async function pending(admin: Admin, query = '') {
  const response = await call(admin, 'GET', `/admin/approvals?status=pending${query}`);
  await expectContract('adminListApprovals', response);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items as { _id: string; ownProposal: boolean; posting: { memo: string } | null }[];
}

async function entriesOf(userId: string) {
  const rows = await query<{ kind: string; amount_cents: string | number }>(
    sql`SELECT kind, amount_cents FROM ledger_entries WHERE user_id = ${userId} AND account = 'available'
      ORDER BY created_at`,
  );
  // bigint arrives as a string from PostgreSQL and as a number from the embedded database.
  return rows.map((row) => ({ kind: row.kind, amount_cents: Number(row.amount_cents) }));
}

describe('a posting', () => {
  it('moves nothing when proposed, and is applied once a second admin approves it', async () => {
    const investor = await signedInInvestor(app);
    const userId = await userIdOf(investor.email);
    const proposed = await proposePosting(ada, userId, { kind: 'bonus', amount: 500, memo: 'Welcome bonus' });
    expect(proposed.statusCode, proposed.body).toBe(202);
    const approval = proposed.json().approval;
    expect(approval).toMatchObject({
      kind: 'posting',
      status: 'pending',
      ownProposal: true,
      proposedBy: { _id: ada.id },
      posting: { kind: 'bonus', amount: 500, memo: 'Welcome bonus', ref: null },
      wallet: null,
    });
    // Pending: no entry, no balance; listed for the user's page, as the proposer's own to Ada only.
    expect(await entriesOf(userId)).toEqual([]);
    expect((await figures(app, investor)).availableBalance).toBe(0);
    const forUser = await pending(ada, `&userId=${userId}`);
    expect(forUser.map((item) => [item._id, item.ownProposal])).toEqual([[approval._id, true]]);
    expect((await pending(bob, `&userId=${userId}`)).map((item) => item.ownProposal)).toEqual([false]);

    // The proposer cannot approve it, and it stays pending.
    const own = await approve(ada, approval._id);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ msg: 'You proposed this: another admin must approve it.' });
    expect(await entriesOf(userId)).toEqual([]);

    const approved = await approve(bob, approval._id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().approval).toMatchObject({
      status: 'approved',
      decidedBy: { _id: bob.id },
      ownProposal: false,
      posting: { ref: expect.stringMatching(/^BON-/) },
    });
    expect(await entriesOf(userId)).toEqual([{ kind: 'bonus', amount_cents: 50000 }]);
    expect(await figures(app, investor)).toMatchObject({ availableBalance: 500, bonus: 500 });

    // Approving again applies nothing more.
    const again = await approve(cy, approval._id);
    expect(again.statusCode).toBe(409);
    expect(await entriesOf(userId)).toHaveLength(1);

    // The audit log names both: the proposal by Ada, the posting by Bob on Ada's proposal.
    const log = await call(cy, 'GET', `/admin/audit-log?userId=${userId}`);
    await expectContract('adminListAuditLog', log);
    const entries = log.json().items as {
      action: string;
      actor: { _id: string };
      proposedBy: { _id: string } | null;
    }[];
    expect(entries.map((entry) => [entry.action, entry.actor._id, entry.proposedBy?._id ?? null])).toEqual([
      ['ledger.post', bob.id, ada.id],
      ['approval.propose', ada.id, null],
    ]);
  });

  it('is decided once when two admins approve it at the same moment', async () => {
    const investor = await signedInInvestor(app);
    const userId = await userIdOf(investor.email);
    const proposed = await proposePosting(ada, userId, { kind: 'bonus', amount: 25, memo: 'Race' });
    const approvalId = proposed.json().approval._id;
    const answers = await Promise.all([approve(bob, approvalId), approve(cy, approvalId)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await entriesOf(userId)).toEqual([{ kind: 'bonus', amount_cents: 2500 }]);
  });

  it('rejected, applies nothing, keeps the reason and can no longer be approved', async () => {
    const investor = await signedInInvestor(app);
    const userId = await userIdOf(investor.email);
    const proposed = await proposePosting(ada, userId, { kind: 'bonus', amount: 40, memo: 'Typo' });
    const approvalId = proposed.json().approval._id;
    const rejected = await call(bob, 'POST', `/admin/approvals/${approvalId}/reject`, {
      reason: 'Wrong user',
    });
    await expectContract('adminRejectApproval', rejected);
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().approval).toMatchObject({ status: 'rejected', reason: 'Wrong user' });
    expect((await approve(cy, approvalId)).statusCode).toBe(409);
    expect(await entriesOf(userId)).toEqual([]);
  });

  it('refuses profit, which no admin types in, and a posting without a memo', async () => {
    const investor = await signedInInvestor(app);
    const userId = await userIdOf(investor.email);
    const profit = await proposePosting(ada, userId, { kind: 'profit', amount: 10, memo: 'Weekly profit' });
    expect(profit.statusCode).toBe(400);
    const noMemo = await proposePosting(ada, userId, { kind: 'bonus', amount: 10, memo: '   ' });
    expect(noMemo.statusCode).toBe(400);
    expect(await pending(ada, `&userId=${userId}`)).toEqual([]);
  });

  it('approved when the balance no longer covers a debit, is refused and stays pending', async () => {
    const investor = await fundedInvestorWithWallets(50);
    const userId = await userIdOf(investor.email);
    const proposed = await proposePosting(ada, userId, { kind: 'adjustment', amount: -50, memo: 'Reversal' });
    expect(proposed.statusCode, proposed.body).toBe(202);
    const other = await proposePosting(ada, userId, { kind: 'adjustment', amount: -30, memo: 'Fee' });
    expect((await approve(bob, other.json().approval._id)).statusCode).toBe(200);
    const refused = await approve(bob, proposed.json().approval._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toMatch(/below zero/);
    expect((await pending(bob, `&userId=${userId}`)).map((item) => item._id)).toEqual([
      proposed.json().approval._id,
    ]);
  });

  it('is guarded by the database itself: no approval by its proposer, no change once decided', async () => {
    const investor = await signedInInvestor(app);
    const userId = await userIdOf(investor.email);
    const proposed = await proposePosting(ada, userId, { kind: 'bonus', amount: 5, memo: 'Guard' });
    const approvalId = proposed.json().approval._id;
    await expect(
      query(sql`UPDATE approvals SET status = 'approved', decided_by_id = proposed_by_id, decided_at = now()
        WHERE id = ${approvalId}`),
    ).rejects.toThrow();
    expect((await approve(bob, approvalId)).statusCode).toBe(200);
    await expect(
      query(sql`UPDATE approvals SET reason = 'later' WHERE id = ${approvalId}`),
    ).rejects.toThrow();
  });
});

/** Wallets for deposits, added the four-eyes way, once for this file. */
let walletsMade: Promise<void> | null = null;
async function fundedInvestorWithWallets(amount: number) {
  walletsMade ??= (async () => {
    const proposed = await call(ada, 'POST', '/admin/wallets', {
      walletName: 'bitcoin main',
      type: 'bitcoin',
      address: walletAddresses.bitcoin,
    });
    expect((await approve(bob, proposed.json().approval._id)).statusCode).toBe(200);
  })();
  await walletsMade;
  return fundedInvestor(app, cy, String(amount));
}

describe('at or below POSTING_SECOND_APPROVAL_USD', () => {
  it('a posting is made by one admin; above it, it is proposed', async () => {
    const limited = await createTestApp({ POSTING_SECOND_APPROVAL_USD: '100' });
    try {
      const admin = await signedInAdmin(limited);
      const investor = await signedInInvestor(limited);
      const userId = await userIdOf(investor.email);
      const post = (amount: number) =>
        limited.inject({
          method: 'POST',
          url: `/api/v1/admin/users/${userId}/ledger-entries`,
          headers: admin.headers,
          payload: { kind: 'bonus', amount, memo: 'Goodwill' },
        });
      const small = await post(100);
      await expectContract('adminPostLedgerEntry', small);
      expect(small.statusCode, small.body).toBe(201);
      const large = await post(100.01);
      await expectContract('adminPostLedgerEntry', large);
      expect(large.statusCode, large.body).toBe(202);
      expect(await entriesOf(userId)).toEqual([{ kind: 'bonus', amount_cents: 10000 }]);
    } finally {
      await limited.close();
    }
  });
});

describe('a wallet', () => {
  const listed = async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/admin-wallets', headers: cy.headers });
    return (response.json() as { _id: string; address: string }[]).map((wallet) => wallet.address);
  };

  it('is offered to investors only once a second admin approves it, and so is a new address', async () => {
    const address = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
    const proposed = await call(ada, 'POST', '/admin/wallets', {
      walletName: 'ethereum new',
      type: 'ethereum',
      address,
    });
    await expectContract('adminCreateWallet', proposed);
    expect(proposed.statusCode, proposed.body).toBe(202);
    expect(proposed.json().approval.wallet).toMatchObject({ change: 'create', walletId: null, address });
    expect(await listed()).not.toContain(address);
    expect((await approve(ada, proposed.json().approval._id)).statusCode).toBe(403);
    const approved = await approve(bob, proposed.json().approval._id);
    expect(approved.statusCode, approved.body).toBe(200);
    const walletId = approved.json().approval.wallet.walletId as string;
    expect(await listed()).toContain(address);

    // A new address: proposed, the old one still served until approved.
    const newAddress = '0xde709f2102306220921060314715629080e2fb77';
    const change = await call(ada, 'PATCH', `/admin/wallets/${walletId}`, { address: newAddress });
    await expectContract('adminUpdateWallet', change);
    expect(change.statusCode, change.body).toBe(202);
    expect(change.json().approval.wallet.previous).toMatchObject({ address });
    expect(await listed()).toContain(address);
    expect((await approve(cy, change.json().approval._id)).statusCode).toBe(200);
    expect(await listed()).toContain(newAddress);
    expect(await listed()).not.toContain(address);

    // Deactivating applies at once; reactivating is proposed.
    const off = await call(ada, 'PATCH', `/admin/wallets/${walletId}`, { active: false });
    await expectContract('adminUpdateWallet', off);
    expect(off.statusCode, off.body).toBe(200);
    expect(await listed()).not.toContain(newAddress);
    const on = await call(ada, 'PATCH', `/admin/wallets/${walletId}`, { active: true });
    expect(on.statusCode, on.body).toBe(202);
    expect(await listed()).not.toContain(newAddress);

    // A proposal made on the wallet as it was no longer applies once it changed.
    const rename = await call(bob, 'PATCH', `/admin/wallets/${walletId}`, { walletName: 'ethereum renamed' });
    expect(rename.statusCode, rename.body).toBe(200);
    const stale = await approve(cy, on.json().approval._id);
    expect(stale.statusCode).toBe(409);
    expect(await listed()).not.toContain(newAddress);
  });
});

describe('step-up codes', () => {
  let clock = Date.now();
  function nextStep(): Date {
    clock = Math.max(clock, Date.now()) + 30_000;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(clock);
    return new Date(clock);
  }

  it('an admin with two-factor on approves only with a fresh code from the app', async () => {
    const strict = await signedInAdmin(app, { fullname: 'strict admin' });
    const setup = await call(strict, 'POST', '/auth/two-factor/setup');
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json() as { secret: string };
    const enabled = await call(strict, 'POST', '/auth/two-factor/enable', {
      password: strict.password,
      code: totpCode(secret, nextStep()),
    });
    expect(enabled.statusCode, enabled.body).toBe(200);

    const investor = await signedInInvestor(app);
    const userId = await userIdOf(investor.email);
    const noCode = await proposePosting(strict, userId, { kind: 'bonus', amount: 7, memo: 'Step-up' });
    expect(noCode.statusCode).toBe(403);
    expect(noCode.json()).toEqual({ msg: stepUpCodeNeededMessage });
    const proposed = await proposePosting(strict, userId, {
      kind: 'bonus',
      amount: 7,
      memo: 'Step-up',
      twoFactorCode: totpCode(secret, nextStep()),
    });
    expect(proposed.statusCode, proposed.body).toBe(202);

    const other = await proposePosting(ada, userId, { kind: 'bonus', amount: 3, memo: 'By Ada' });
    const approvalId = other.json().approval._id;
    expect((await approve(strict, approvalId)).statusCode).toBe(403);
    // A code already spent is refused, as is a wrong one.
    const spent = totpCode(secret, nextStep());
    expect((await approve(strict, approvalId, { twoFactorCode: spent })).statusCode).toBe(200);
    const another = await proposePosting(ada, userId, { kind: 'bonus', amount: 2, memo: 'Again' });
    expect((await approve(strict, another.json().approval._id, { twoFactorCode: spent })).statusCode).toBe(
      403,
    );
    expect(await entriesOf(userId)).toEqual([{ kind: 'bonus', amount_cents: 300 }]);
  });

  it('an admin with two-factor on sets a notification only with a fresh code, and nothing without', async () => {
    const strict = await signedInAdmin(app, { fullname: 'notifying admin' });
    const setup = await call(strict, 'POST', '/auth/two-factor/setup');
    const { secret } = setup.json() as { secret: string };
    const enabled = await call(strict, 'POST', '/auth/two-factor/enable', {
      password: strict.password,
      code: totpCode(secret, nextStep()),
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const investor = await signedInInvestor(app);
    const userId = await userIdOf(investor.email);
    const notification = { title: 'Claim your prize', content: '<p>Follow this link.</p>', persistent: true };
    const shown = async () => (await call(investor, 'GET', '/users/user-info')).json().notification;

    const noCode = await call(strict, 'PUT', `/admin/users/${userId}/notification`, notification);
    expect(noCode.statusCode).toBe(403);
    expect(noCode.json()).toEqual({ msg: stepUpCodeNeededMessage });
    const wrong = await call(strict, 'PUT', `/admin/users/${userId}/notification`, {
      ...notification,
      twoFactorCode: '000000',
    });
    expect(wrong.statusCode).toBe(403);
    expect(await shown()).toBeNull();

    const saved = await call(strict, 'PUT', `/admin/users/${userId}/notification`, {
      ...notification,
      twoFactorCode: totpCode(secret, nextStep()),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await shown()).toMatchObject({ title: 'Claim your prize', persistent: true });
  });
});
