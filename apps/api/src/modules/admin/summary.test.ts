import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { newAddress, signedInAdmin, signedInInvestor, userIdOf } from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { expectContract } from '../../testing/contract';
import { testImage } from '../../testing/images';
import {
  approvedDeposit,
  createWallets,
  profitThroughLedger,
  requestDeposit,
  requestWithdrawal,
  review,
  secondAdmin as thirdAdmin,
} from '../../testing/money';
import { multipartForm } from '../../testing/multipart';

type Actor = { headers: { authorization: string } };

let app: FastifyInstance;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
/** Posts to the first admin's own account, which the first admin may not do. */
let secondAdmin: Awaited<ReturnType<typeof signedInAdmin>>;

// This file's app has a database of its own: nothing is pending and nothing has moved until its
// tests make it so.
beforeAll(async () => {
  app = await createTestApp();
  admin = await signedInAdmin(app);
  secondAdmin = await signedInAdmin(app);
  await createWallets(app, admin);
  return () => app.close();
});

async function summary(caller: Actor) {
  const response = await app.inject({ method: 'GET', url: '/api/v1/admin/summary', headers: caller.headers });
  await expectContract('adminGetSummary', response);
  return response;
}

async function summaryOf(caller: Actor) {
  const response = await summary(caller);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The trial balance's lines as `account → cents`, read from their decimal text, never multiplied. */
function centsByAccount(lines: { account: string; balance: number }[]): Record<string, number> {
  return Object.fromEntries(lines.map(({ account, balance }) => [account, usdCents(balance)]));
}

function usdCents(amount: number): number {
  const [whole = '0', fraction = ''] = Math.abs(amount).toString().split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return amount < 0 ? -cents : cents;
}

/**
 * Proposes a posting as `by`; another admin approves it (never the one it is for) unless it is to be
 * left `pending`.
 */
async function post(
  by: Actor,
  userId: string,
  entry: { kind: 'bonus' | 'adjustment'; amount: number; memo: string },
  { pending = false } = {},
) {
  const proposed = await app.inject({
    method: 'POST',
    url: `/api/v1/admin/users/${userId}/ledger-entries`,
    headers: by.headers,
    payload: entry,
  });
  expect(proposed.statusCode, proposed.body).toBe(202);
  if (pending) return proposed.json().approval as { proposedAt: string };
  const approved = await app.inject({
    method: 'POST',
    url: `/api/v1/admin/approvals/${proposed.json().approval._id}/approve`,
    headers: (by === admin ? secondAdmin : userId === admin.id ? await thirdAdmin(app) : admin).headers,
  });
  expect(approved.statusCode, approved.body).toBe(200);
  return approved.json().approval as { proposedAt: string };
}

async function submitKyc(owner: Actor): Promise<{ _id: string; createdAt: string }> {
  const form = multipartForm([
    { name: 'document', value: 'passport' },
    { name: 'image', filename: 'passport.jpg', contentType: 'image/jpeg', content: await testImage('jpeg') },
  ]);
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/kyc',
    headers: { ...owner.headers, ...form.headers },
    payload: form.payload,
    remoteAddress: newAddress(),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().kyc;
}

async function created(response: Awaited<ReturnType<typeof requestDeposit>>) {
  expect(response.statusCode, response.body).toBe(201);
  return response.json().transaction as { _id: string; createdAt: string };
}

describe('GET /admin/summary', () => {
  it('answers empty queues and an all-zero trial balance on a new platform', async () => {
    expect(await summaryOf(admin)).toEqual({
      queues: {
        deposits: { count: 0, total: 0, oldestAt: null },
        withdrawals: { count: 0, total: 0, oldestAt: null },
        kyc: { count: 0, oldestAt: null },
        approvals: { count: 0, oldestAt: null },
      },
      trialBalance: {
        lines: [
          { account: 'deposits_received', balance: 0 },
          { account: 'withdrawals_paid', balance: 0 },
          { account: 'profit_paid', balance: 0 },
          { account: 'bonus_paid', balance: 0 },
          { account: 'adjustments', balance: 0 },
          { account: 'available', balance: 0 },
          { account: 'held', balance: 0 },
          { account: 'pending_investment', balance: 0 },
          { account: 'fund_cash', balance: 0 },
          { account: 'exchange', balance: 0 },
          { account: 'exchange_fees', balance: 0 },
          { account: 'management_fees', balance: 0 },
        ],
        total: 0,
        assets: [],
      },
    });
  });

  it('counts what waits and balances the ledger to zero, to the cent, after every kind of movement', async () => {
    const ann = await signedInInvestor(app);
    const ben = await signedInInvestor(app);
    const [annId, benId] = await Promise.all([userIdOf(ann.email), userIdOf(ben.email)]);

    // Approved deposits: 1,000.00 and 250.55 credited to available.
    await approvedDeposit(app, ann, admin, '1000');
    await approvedDeposit(app, ben, admin, '250.55');
    // Pending deposits (nothing moves): Ann's 300.10 first, then Ben's 49.99; a rejected one of 75.
    const oldestDeposit = await created(await requestDeposit(app, ann, '300.10'));
    await created(await requestDeposit(app, ben, '49.99'));
    const rejectedDeposit = await created(await requestDeposit(app, ben, '75'));
    expect((await review(app, admin, 'deposits', rejectedDeposit._id, 'reject')).statusCode).toBe(200);

    // A withdrawal of 200.25 paid out, one of 10 rejected (its hold released), then two pending,
    // held: Ann's 100 first, Ben's 50.05.
    const paid = await created(await requestWithdrawal(app, ann, '200.25'));
    expect((await review(app, admin, 'withdrawals', paid._id, 'approve')).statusCode).toBe(200);
    const released = await created(await requestWithdrawal(app, ann, '10'));
    expect((await review(app, admin, 'withdrawals', released._id, 'reject')).statusCode).toBe(200);
    const oldestWithdrawal = await created(await requestWithdrawal(app, ann, '100'));
    await created(await requestWithdrawal(app, ben, '50.05', { network: 'ETH' }));

    // Profit of 12.34 to Ann from trading (through the ledger module). Postings, each by two admins:
    // an adjustment of -3.00 to Ann, bonuses of 5.01 to Ben and of 1.00 to the first admin, proposed
    // by the second admin since no admin posts to their own account; a bonus of 9.99 to Ben still
    // waiting for its second admin, which moves nothing.
    await profitThroughLedger(annId, 12_34);
    await post(admin, benId, { kind: 'bonus', amount: 5.01, memo: 'Welcome bonus' });
    await post(secondAdmin, annId, { kind: 'adjustment', amount: -3, memo: 'Fee correction' });
    await post(secondAdmin, admin.id, { kind: 'bonus', amount: 1, memo: 'Staff bonus' });
    const waiting = await post(
      admin,
      benId,
      { kind: 'bonus', amount: 9.99, memo: 'Waits' },
      { pending: true },
    );

    // KYC: Ann's waits; Ben's was rejected.
    const oldestKyc = await submitKyc(ann);
    const benKyc = await submitKyc(ben);
    const rejectedKyc = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/kyc/${benKyc._id}/reject`,
      headers: admin.headers,
      payload: { reason: 'The passport photo page is blurred.' },
    });
    expect(rejectedKyc.statusCode, rejectedKyc.body).toBe(200);

    const { queues, trialBalance } = await summaryOf(admin);
    expect(queues).toEqual({
      deposits: { count: 2, total: 350.09, oldestAt: oldestDeposit.createdAt },
      withdrawals: { count: 2, total: 150.05, oldestAt: oldestWithdrawal.createdAt },
      kyc: { count: 1, oldestAt: oldestKyc.createdAt },
      approvals: { count: 1, oldestAt: waiting.proposedAt },
    });

    const annAvailable = 1000_00 - 200_25 - 100_00 + 12_34 - 3_00;
    const benAvailable = 250_55 - 50_05 + 5_01;
    const adminAvailable = 1_00;
    expect(trialBalance.lines.map(({ account }: { account: string }) => account)).toEqual([
      'deposits_received',
      'withdrawals_paid',
      'profit_paid',
      'bonus_paid',
      'adjustments',
      'available',
      'held',
      'pending_investment',
      'fund_cash',
      'exchange',
      'exchange_fees',
      'management_fees',
    ]);
    const lines = centsByAccount(trialBalance.lines);
    expect(lines).toEqual({
      deposits_received: -(1000_00 + 250_55),
      withdrawals_paid: 200_25,
      profit_paid: -12_34,
      bonus_paid: -(5_01 + 1_00),
      adjustments: 3_00,
      available: annAvailable + benAvailable + adminAvailable,
      held: 100_00 + 50_05,
      pending_investment: 0,
      fund_cash: 0,
      exchange: 0,
      exchange_fees: 0,
      management_fees: 0,
    });
    // What is held is exactly the pending withdrawals.
    expect(lines.held).toBe(usdCents(queues.withdrawals.total));
    expect(Object.values(lines).reduce((sum, cents) => sum + cents, 0)).toBe(0);
    expect(trialBalance.total).toBe(0);
  });

  it('answers a signed-in user 403 and no one 401', async () => {
    const investor = await signedInInvestor(app);
    const asUser = await summary(investor);
    expect(asUser.statusCode, asUser.body).toBe(403);
    const anonymous = await app.inject({ method: 'GET', url: '/api/v1/admin/summary' });
    await expectContract('adminGetSummary', anonymous);
    expect(anonymous.statusCode, anonymous.body).toBe(401);
  });
});
