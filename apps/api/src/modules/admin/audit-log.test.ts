import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin, signedInInvestor, userIdOf } from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { expectContract } from '../../testing/contract';
import {
  approvedDeposit,
  createWallets,
  postToLedger,
  requestDeposit,
  requestWithdrawal,
  review,
  secondAdmin,
  submitKyc,
} from '../../testing/money';

type Actor = { headers: { authorization: string } };
type AuditEntry = {
  action: string;
  targetType: string;
  details: Record<string, unknown>;
  user: { _id: string; fullname: string; email: string } | null;
};

// This file's app has a database of its own: its admins are only those its tests make.
let app: FastifyInstance;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  app = await createTestApp();
  admin = await signedInAdmin(app);
  await createWallets(app, admin);
  return () => app.close();
});

function get(url: string, headers: Actor['headers'] = admin.headers) {
  return app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
}

async function auditLog(query: string): Promise<AuditEntry[]> {
  const response = await get(`/admin/audit-log${query}`);
  await expectContract('adminListAuditLog', response);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items;
}

function expectOk(response: { statusCode: number; body: string }, status = 200) {
  expect(response.statusCode, response.body).toBe(status);
}

describe('the audit log, on whom', () => {
  it('names the user each action was on: a request’s owner, the user posted to or notified; none for a wallet', async () => {
    const investor = await signedInInvestor(app, { fullname: 'Wanda Whom' });
    const userId = await userIdOf(investor.email);
    const onInvestor = { _id: userId, fullname: 'Wanda Whom', email: investor.email };

    const deposit = await requestDeposit(app, investor, '20');
    expectOk(await review(app, admin, 'deposits', deposit.json().transaction._id, 'reject', 'Blurry'));
    await approvedDeposit(app, investor, admin, '100');
    const withdrawal = await requestWithdrawal(app, investor, '10');
    expectOk(await review(app, admin, 'withdrawals', withdrawal.json().transaction._id, 'reject', 'No'));
    const kyc = await submitKyc(app, investor);
    expectOk(kyc, 201);
    expectOk(
      await app.inject({
        method: 'POST',
        url: `/api/v1/admin/kyc/${kyc.json().kyc._id}/reject`,
        headers: admin.headers,
        payload: { reason: 'The photo page is blurred.' },
      }),
    );
    await postToLedger(app, admin, userId, { kind: 'bonus', amount: 5, memo: 'Welcome bonus' });
    expectOk(
      await app.inject({
        method: 'PUT',
        url: `/api/v1/admin/users/${userId}/notification`,
        headers: admin.headers,
        payload: { title: 'Hello', content: '<p>Hi</p>', persistent: false },
      }),
    );

    const onWhom = (entries: AuditEntry[]) => entries.map(({ action, user }) => [action, user]);
    expect(onWhom(await auditLog(`?userId=${userId}`))).toEqual([
      ['notification.set', onInvestor],
      ['ledger.post', onInvestor],
      ['approval.propose', onInvestor],
      ['kyc.reject', onInvestor],
      ['withdrawal.reject', onInvestor],
      ['deposit.approve', onInvestor],
      ['deposit.reject', onInvestor],
    ]);
    // A wallet is no one's: its entries, and its proposals', name no user.
    const wallets = await auditLog('?action=wallet.create');
    expect(wallets.length).toBeGreaterThan(0);
    for (const entry of wallets) expect(entry.user).toBeNull();

    // Every entry that names a user is found by filtering on that user, and no other.
    const everything = await auditLog('?limit=100');
    for (const entry of everything) {
      if (entry.targetType === 'wallet' || 'wallet' in entry.details) expect(entry.user).toBeNull();
      else expect(entry.user?._id).toBe(userId);
    }
  });
});

describe('the admins', () => {
  it('lists every admin by name, then email, and no other account', async () => {
    const zoe = await signedInAdmin(app, { fullname: 'Zoe Zimmer' });
    const adam = await signedInAdmin(app, { fullname: 'Adam Abbott' });
    const second = await signedInAdmin(app);
    await signedInInvestor(app, { fullname: 'Aaron Investor' });

    const response = await get('/admin/admins');
    await expectContract('adminListAdmins', response);
    expect(response.statusCode, response.body).toBe(200);
    const [first, last] = [admin, second].sort((a, b) => a.email.localeCompare(b.email));
    const items = response.json().items as { _id: string; fullname: string; email: string }[];
    expect(items.map(({ _id, fullname, email }) => ({ _id, fullname, email }))).toEqual([
      { _id: await userIdOf(adam.email), fullname: 'Adam Abbott', email: adam.email },
      ...[first, last].map((account) => ({
        _id: expect.any(String),
        fullname: 'ledgerline admin',
        email: account?.email,
      })),
      // The second admin who approved this file's wallets.
      { _id: (await secondAdmin(app)).id, fullname: 'second admin', email: (await secondAdmin(app)).email },
      { _id: await userIdOf(zoe.email), fullname: 'Zoe Zimmer', email: zoe.email },
    ]);

    // Each one listed filters the log to their own actions: a new admin's is empty.
    expect(await auditLog(`?actorId=${await userIdOf(zoe.email)}`)).toEqual([]);
    const investor = await signedInInvestor(app);
    expect((await get('/admin/admins', investor.headers)).statusCode).toBe(403);
  });
});
