import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin, signedInInvestor } from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { expectContract } from '../../testing/contract';
import {
  approvedDeposit,
  approveProposal,
  createWallets,
  figures,
  requestDeposit,
  requestWithdrawal,
  review,
  secondAdmin,
} from '../../testing/money';

let app: FastifyInstance;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  app = await createTestApp();
  admin = await signedInAdmin(app);
  await createWallets(app, admin);
  return () => app.close();
});

const noMoney = {
  accountTier: 'None',
  totalBalance: 0,
  availableBalance: 0,
  moneyEarned: 0,
  bonus: 0,
  profits: 0,
  deposits: 0,
  withdrawals: 0,
  pendingDeposits: 0,
  pendingWithdrawals: 0,
};

describe('a deposit and a withdrawal, end to end through the API', () => {
  it('moves the overview figures exactly at each step, and the history shows every row', async () => {
    const investor = await signedInInvestor(app);
    expect(await figures(app, investor)).toEqual(noMoney);

    // 1. The deposit request: pending, no money moves.
    const requested = await requestDeposit(app, investor, '2500.75');
    await expectContract('createDeposit', requested);
    expect(requested.statusCode, requested.body).toBe(201);
    const deposit = requested.json().transaction;
    expect(deposit).toMatchObject({
      amount: 2500.75,
      status: 'pending',
      trxType: 'deposit',
      direction: 'credit',
    });
    expect(deposit.ref).toMatch(/^DEP-[2-9A-HJ-NP-Z]{8}$/);
    expect(await figures(app, investor)).toEqual({ ...noMoney, pendingDeposits: 2500.75 });

    // 2. The admin approves: available rises, the tier follows approved deposits.
    const approved = await review(app, admin, 'deposits', deposit._id, 'approve');
    await expectContract('adminApproveDeposit', approved);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().deposit).toMatchObject({ status: 'approved', reviewedBy: { email: admin.email } });
    expect(await figures(app, investor)).toEqual({
      ...noMoney,
      accountTier: 'Basic',
      totalBalance: 2500.75,
      availableBalance: 2500.75,
      deposits: 2500.75,
    });

    // 3. A withdrawal to a valid address: the hold shows at once.
    const withdrawn = await requestWithdrawal(app, investor, '300.25', { network: 'ETH' });
    await expectContract('createWithdrawal', withdrawn);
    expect(withdrawn.statusCode, withdrawn.body).toBe(201);
    const withdrawal = withdrawn.json().transaction;
    expect(withdrawal).toMatchObject({
      amount: 300.25,
      status: 'pending',
      direction: 'debit',
      network: 'ETH',
    });
    expect(await figures(app, investor)).toEqual({
      ...noMoney,
      accountTier: 'Basic',
      totalBalance: 2500.75,
      availableBalance: 2200.5,
      deposits: 2500.75,
      pendingWithdrawals: 300.25,
    });

    // 4. The admin approves the withdrawal: the hold becomes a debit.
    const paid = await review(app, admin, 'withdrawals', withdrawal._id, 'approve');
    await expectContract('adminApproveWithdrawal', paid);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await figures(app, investor)).toEqual({
      ...noMoney,
      accountTier: 'Basic',
      totalBalance: 2200.5,
      availableBalance: 2200.5,
      deposits: 2500.75,
      withdrawals: 300.25,
    });

    // 5. A bonus proposed by the admin moves nothing until a second admin approves it; then it
    // counts as bonus and as earned this week.
    const proposed = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${deposit.user?._id ?? approved.json().deposit.user._id}/ledger-entries`,
      headers: admin.headers,
      payload: { kind: 'bonus', amount: 125, memo: 'Loyalty bonus' },
    });
    await expectContract('adminPostLedgerEntry', proposed);
    expect(proposed.statusCode, proposed.body).toBe(202);
    expect((await figures(app, investor)).totalBalance).toBe(2200.5);
    await approveProposal(app, await secondAdmin(app), proposed);
    expect(await figures(app, investor)).toEqual({
      ...noMoney,
      accountTier: 'Basic',
      totalBalance: 2325.5,
      availableBalance: 2325.5,
      deposits: 2500.75,
      withdrawals: 300.25,
      bonus: 125,
      moneyEarned: 125,
    });

    // 6. The history: every row, newest first.
    const history = await app.inject({
      method: 'GET',
      url: '/api/v1/transaction-history',
      headers: investor.headers,
    });
    await expectContract('listTransactions', history);
    expect(history.statusCode).toBe(200);
    const rows = history.json().items as Array<Record<string, unknown>>;
    expect(rows.map((row) => [row.trxType, row.status, row.amount])).toEqual([
      ['bonus', 'approved', 125],
      ['withdrawal', 'approved', 300.25],
      ['deposit', 'approved', 2500.75],
    ]);
    expect(history.json().nextCursor).toBeNull();
  });

  it('rejecting a withdrawal releases the hold, and the reason reaches the user', async () => {
    const investor = await signedInInvestor(app);
    const requested = await requestDeposit(app, investor, '100');
    await review(app, admin, 'deposits', requested.json().transaction._id, 'approve');
    const withdrawn = await requestWithdrawal(app, investor, '40');
    expect((await figures(app, investor)).availableBalance).toBe(60);
    const rejected = await review(
      app,
      admin,
      'withdrawals',
      withdrawn.json().transaction._id,
      'reject',
      'The address belongs to an exchange we cannot pay.',
    );
    await expectContract('adminRejectWithdrawal', rejected);
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await figures(app, investor)).toMatchObject({
      availableBalance: 100,
      totalBalance: 100,
      pendingWithdrawals: 0,
      withdrawals: 0,
    });
    const history = await app.inject({
      method: 'GET',
      url: '/api/v1/transaction-history?trxType=withdrawal',
      headers: investor.headers,
    });
    expect(history.json().items[0]).toMatchObject({
      status: 'rejected',
      reason: 'The address belongs to an exchange we cannot pay.',
    });
  });

  it('answers users asking at the same moment each with their own figures, and a figure just changed as it now is', async () => {
    const [rich, poor] = await Promise.all([signedInInvestor(app), signedInInvestor(app)]);
    await approvedDeposit(app, rich, admin, '3000');
    await approvedDeposit(app, poor, admin, '150');
    // Asked together, read together (one query): each answer is its own user's.
    const answers = await Promise.all([rich, poor, rich, poor].map((investor) => figures(app, investor)));
    expect(answers.map((answer) => answer.availableBalance)).toEqual([3000, 150, 3000, 150]);
    expect(answers.map((answer) => answer.accountTier)).toEqual(['Basic', 'Student', 'Basic', 'Student']);
    // A withdrawal answered before the next question is in the next answer.
    expect((await requestWithdrawal(app, poor, '50')).statusCode).toBe(201);
    const [after] = await Promise.all([figures(app, poor), figures(app, rich)]);
    expect(after).toMatchObject({ availableBalance: 100, pendingWithdrawals: 50 });
  });
});
