import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin, signedInInvestor, userIdOf } from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { expectContract } from '../../testing/contract';
import {
  approvedDeposit,
  createWallets,
  figures,
  postToLedger,
  requestDeposit,
  requestWithdrawal,
  review,
} from '../../testing/money';

let app: FastifyInstance;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  app = await createTestApp({ REFERRAL_BONUS_PERCENT: '5' });
  admin = await signedInAdmin(app);
  await createWallets(app, admin);
  return () => app.close();
});

function get(url: string, headers = admin.headers) {
  return app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
}

describe('referral bonuses', () => {
  it('credits the referrer 5% of the first approved deposit only, as a bonus naming its source', async () => {
    const referrer = await signedInInvestor(app);
    const info = await get('/users/user-info?fields=referralCode', referrer.headers);
    const code = info.json().referralCode as string;
    const referred = await signedInInvestor(app, { fullname: 'john doe', referredBy: code.toUpperCase() });
    const other = await signedInInvestor(app, { fullname: 'maria smith', referredBy: code });

    // A rejected deposit earns nothing; the first approved one earns 5% of it; later ones nothing.
    const rejected = await requestDeposit(app, referred, '5000');
    await review(app, admin, 'deposits', rejected.json().transaction._id, 'reject');
    await approvedDeposit(app, referred, admin, '1234.50');
    await approvedDeposit(app, referred, admin, '10000');
    expect(await figures(app, referrer)).toMatchObject({
      bonus: 61.73,
      availableBalance: 61.73,
      moneyEarned: 61.73,
      deposits: 0,
    });

    const referrals = await get('/referrals', referrer.headers);
    await expectContract('listReferrals', referrals);
    expect(referrals.json()).toEqual({
      items: [
        {
          _id: await userIdOf(other.email),
          name: 'm***a s***h',
          joinedAt: expect.any(String),
          firstDepositApproved: false,
          bonusEarned: 0,
        },
        {
          _id: await userIdOf(referred.email),
          name: 'j***n d***',
          joinedAt: expect.any(String),
          firstDepositApproved: true,
          bonusEarned: 61.73,
        },
      ],
      totalBonus: 61.73,
    });
    const rows = (await get('/transaction-history', referrer.headers)).json().items;
    expect(rows).toEqual([
      expect.objectContaining({
        trxType: 'bonus',
        amount: 61.73,
        memo: expect.stringMatching(
          /^Referral bonus: 5% of the first deposit of j\*\*\*n d\*\*\* \(\$1,234\.50\)$/,
        ),
      }),
    ]);
    // The referred users' own figures are untouched by it.
    expect((await figures(app, referred)).bonus).toBe(0);
  });

  it('pays one bonus when two first deposits of one user are approved at once', async () => {
    const referrer = await signedInInvestor(app);
    const code = (await get('/users/user-info?fields=referralCode', referrer.headers)).json().referralCode;
    const referred = await signedInInvestor(app, { referredBy: code });
    const first = await requestDeposit(app, referred, '100');
    const second = await requestDeposit(app, referred, '200');
    const answers = await Promise.all([
      review(app, admin, 'deposits', first.json().transaction._id, 'approve'),
      review(app, admin, 'deposits', second.json().transaction._id, 'approve'),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect([5, 10]).toContain((await figures(app, referrer)).bonus);
    expect((await get('/referrals', referrer.headers)).json().items).toHaveLength(1);
  });

  it('pays nothing when the first deposit was too small to earn a cent, nor for the next one', async () => {
    const referrer = await signedInInvestor(app);
    const code = (await get('/users/user-info?fields=referralCode', referrer.headers)).json().referralCode;
    const referred = await signedInInvestor(app, { referredBy: code });
    // 5% of 0.09 is 0.45 cents, which rounds to nothing; the 500 after it is not a first deposit.
    await approvedDeposit(app, referred, admin, '0.09');
    await approvedDeposit(app, referred, admin, '500');
    expect((await figures(app, referrer)).bonus).toBe(0);
    const [referral] = (await get('/referrals', referrer.headers)).json().items;
    expect(referral).toMatchObject({ firstDepositApproved: true, bonusEarned: 0 });
  });
});

describe('the back office lists', () => {
  it('lists deposits and withdrawals newest first, filtered by status, coin, user and dates, page by page', async () => {
    const investor = await signedInInvestor(app);
    const id = await userIdOf(investor.email);
    for (const amount of ['10', '20', '30', '40', '50'])
      await requestDeposit(app, investor, amount, { type: 'ethereum' });
    await approvedDeposit(app, investor, admin, '1000');
    await requestWithdrawal(app, investor, '1');

    const pending = await get(`/admin/deposits?userId=${id}&status=pending&type=ethereum&limit=2`);
    await expectContract('adminListDeposits', pending);
    expect(pending.json().items.map((row: { amount: number }) => row.amount)).toEqual([50, 40]);
    expect(pending.json().items[0]).toMatchObject({
      user: { _id: id, email: investor.email },
      receipt: expect.stringMatching(/^\/files\/[0-9a-f-]{36}$/),
      reviewedBy: null,
    });
    const next = await get(
      `/admin/deposits?userId=${id}&status=pending&type=ethereum&limit=2&cursor=${pending.json().nextCursor}`,
    );
    expect(next.json().items.map((row: { amount: number }) => row.amount)).toEqual([30, 20]);
    const approved = await get(`/admin/deposits?userId=${id}&status=approved`);
    expect(approved.json().items).toEqual([
      expect.objectContaining({ amount: 1000, reviewedBy: expect.objectContaining({ email: admin.email }) }),
    ]);

    // A creation window: `from` is included, `to` is not, and both keep to the other filters.
    const all = (await get(`/admin/deposits?userId=${id}&status=pending`)).json().items as {
      amount: number;
      createdAt: string;
    }[];
    expect(all.map((row) => row.amount)).toEqual([50, 40, 30, 20, 10]);
    const middle = encodeURIComponent(all[2]?.createdAt ?? '');
    const since = await get(`/admin/deposits?userId=${id}&status=pending&from=${middle}`);
    await expectContract('adminListDeposits', since);
    expect(since.json().items.map((row: { amount: number }) => row.amount)).toEqual([50, 40, 30]);
    const before = await get(`/admin/deposits?userId=${id}&status=pending&to=${middle}&limit=1`);
    expect(before.json().items.map((row: { amount: number }) => row.amount)).toEqual([20]);
    const rest = await get(
      `/admin/deposits?userId=${id}&status=pending&to=${middle}&limit=1&cursor=${before.json().nextCursor}`,
    );
    expect(rest.json()).toEqual({ items: [expect.objectContaining({ amount: 10 })], nextCursor: null });
    const notADate = await get(`/admin/deposits?from=yesterday`);
    await expectContract('adminListDeposits', notADate);
    expect(notADate.statusCode).toBe(400);
    expect(notADate.json().msg).toMatch(/from/);
    const tomorrow = encodeURIComponent(new Date(Date.now() + 86_400_000).toISOString());
    expect((await get(`/admin/withdrawals?userId=${id}&from=${tomorrow}`)).json().items).toEqual([]);
    expect((await get(`/admin/kyc?userId=${id}&from=${tomorrow}`)).json().items).toEqual([]);

    const withdrawals = await get(`/admin/withdrawals?userId=${id}&to=${tomorrow}`);
    await expectContract('adminListWithdrawals', withdrawals);
    expect(withdrawals.json().items).toEqual([
      expect.objectContaining({ amount: 1, status: 'pending', network: 'BTC' }),
    ]);
  });

  it('finds users by part of the email or name, with balances, and shows one user with their ledger', async () => {
    const investor = await signedInInvestor(app, { fullname: 'Zebediah Quill' });
    const id = await userIdOf(investor.email);
    await approvedDeposit(app, investor, admin, '75.25');
    await requestWithdrawal(app, investor, '5.25');

    const found = await get('/admin/users?q=zebediah');
    await expectContract('adminListUsers', found);
    expect(found.json().items).toEqual([
      expect.objectContaining({
        _id: id,
        fullname: 'Zebediah Quill',
        totalBalance: 75.25,
        availableBalance: 70,
        emailVerified: true,
        role: 'user',
      }),
    ]);
    expect(
      (await get(`/admin/users?q=${encodeURIComponent(investor.email.slice(0, 12).toUpperCase())}`)).json()
        .items[0]?._id,
    ).toBe(id);
    expect((await get('/admin/users?q=%25')).json().items).toEqual([]);

    const detail = await get(`/admin/users/${id}`);
    await expectContract('adminGetUser', detail);
    expect(detail.json().user).toMatchObject({
      _id: id,
      totalBalance: 75.25,
      availableBalance: 70,
      pendingWithdrawals: 5.25,
      deposits: 75.25,
    });
    const ledger = await get(`/admin/users/${id}/ledger-entries`);
    await expectContract('adminListLedgerEntries', ledger);
    expect(
      ledger
        .json()
        .items.map(
          (entry: { account: string; amount: number; kind: string }) =>
            `${entry.kind}:${entry.account}:${entry.amount}`,
        ),
    ).toEqual(
      expect.arrayContaining([
        'deposit:available:75.25',
        'withdrawal_hold:available:-5.25',
        'withdrawal_hold:held:5.25',
      ]),
    );
    const missing = await get('/admin/users/00000000-0000-4000-8000-000000000000');
    await expectContract('adminGetUser', missing);
    expect(missing.statusCode).toBe(404);
  });
});

describe('notifications and the audit log', () => {
  it('sets a notification that starts unseen, and a new one resets seen', async () => {
    const investor = await signedInInvestor(app);
    const id = await userIdOf(investor.email);
    const put = (title: string, persistent = false) =>
      app.inject({
        method: 'PUT',
        url: `/api/v1/admin/users/${id}/notification`,
        headers: admin.headers,
        payload: {
          title,
          content: '<p>Your account is now on the <strong>Gold</strong> plan.</p>',
          persistent,
        },
      });
    const first = await put('Your account has been upgraded');
    await expectContract('adminSetNotification', first);
    expect(first.json().notification).toMatchObject({ seen: false, persistent: false });
    const seen = await app.inject({
      method: 'PATCH',
      url: '/api/v1/users/user-info',
      headers: investor.headers,
      payload: { seen: true },
    });
    expect(seen.statusCode).toBe(200);
    expect(
      (await get('/users/user-info?fields=notification', investor.headers)).json().notification.seen,
    ).toBe(true);
    await put('A second message');
    expect(
      (await get('/users/user-info?fields=notification', investor.headers)).json().notification,
    ).toMatchObject({
      title: 'A second message',
      seen: false,
    });
    const missing = await app.inject({
      method: 'PUT',
      url: '/api/v1/admin/users/00000000-0000-4000-8000-000000000000/notification',
      headers: admin.headers,
      payload: { title: 'x', content: 'y', persistent: false },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('stores the content sanitised, as the site shows it, and the audit entry keeps it', async () => {
    const investor = await signedInInvestor(app);
    const id = await userIdOf(investor.email);
    const put = (content: string) =>
      app.inject({
        method: 'PUT',
        url: `/api/v1/admin/users/${id}/notification`,
        headers: admin.headers,
        payload: { title: 'Hello', content, persistent: false },
      });
    const saved = await put('<img src=x onerror=alert(1)><b>Hi</b>');
    await expectContract('adminSetNotification', saved);
    expect(saved.json().notification.content).toBe('<b>Hi</b>');
    const shown = await get('/users/user-info?fields=notification', investor.headers);
    expect(shown.json().notification.content).toBe('<b>Hi</b>');
    const replaced = await put('<p onclick="x()">Read <a href="javascript:alert(1)">this</a></p>');
    expect(replaced.json().notification.content).toBe('<p>Read <a>this</a></p>');

    const log = await get(`/admin/audit-log?userId=${id}&action=notification.set`);
    await expectContract('adminListAuditLog', log);
    expect(log.json().items.map((entry: { details: unknown }) => entry.details)).toEqual([
      {
        title: 'Hello',
        content: '<p>Read <a>this</a></p>',
        persistent: false,
        previous: { title: 'Hello', content: '<b>Hi</b>', seen: false },
      },
      { title: 'Hello', content: '<b>Hi</b>', persistent: false, previous: null },
    ]);

    // Nothing left to show: refused, and the notification stays as it was.
    const empty = await put('<script>alert(1)</script><img src=x>');
    await expectContract('adminSetNotification', empty);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toMatch(/^content has nothing left once sanitised/);
    expect(
      (await get('/users/user-info?fields=notification', investor.headers)).json().notification.content,
    ).toBe('<p>Read <a>this</a></p>');
  });

  it('records every admin action with who, when, what and why, filterable by actor, action, user and dates', async () => {
    const second = await signedInAdmin(app);
    const investor = await signedInInvestor(app);
    const deposit = await requestDeposit(app, investor, '12.34');
    const depositId = deposit.json().transaction._id;
    await review(app, second, 'deposits', depositId, 'reject', 'Blurry receipt');

    const log = await get(`/admin/audit-log?actorId=${await userIdOf(second.email)}`);
    await expectContract('adminListAuditLog', log);
    expect(log.json().items).toEqual([
      {
        _id: expect.any(String),
        actor: { _id: await userIdOf(second.email), fullname: 'ledgerline admin', email: second.email },
        proposedBy: null,
        action: 'deposit.reject',
        targetType: 'deposit',
        targetId: depositId,
        user: { _id: await userIdOf(investor.email), fullname: investor.fullname, email: investor.email },
        reason: 'Blurry receipt',
        details: {
          ref: deposit.json().transaction.ref,
          amount: 12.34,
          userId: await userIdOf(investor.email),
        },
        createdAt: expect.any(String),
      },
    ]);
    // On whom: the review of their deposit and a posting to them, not another user's entries.
    const investorId = await userIdOf(investor.email);
    await postToLedger(app, admin, investorId, { kind: 'bonus', amount: 1.5, memo: 'Goodwill' });
    const other = await signedInInvestor(app);
    await review(
      app,
      second,
      'deposits',
      (await requestDeposit(app, other, '5')).json().transaction._id,
      'approve',
    );
    const onInvestor = await get(`/admin/audit-log?userId=${investorId}`);
    await expectContract('adminListAuditLog', onInvestor);
    expect(onInvestor.json().items.map((entry: { action: string }) => entry.action)).toEqual([
      'ledger.post',
      'approval.propose',
      'deposit.reject',
    ]);
    const later = encodeURIComponent(onInvestor.json().items[1].createdAt);
    expect((await get(`/admin/audit-log?userId=${investorId}&to=${later}`)).json().items).toEqual([
      expect.objectContaining({ action: 'deposit.reject' }),
    ]);

    const byAction = await get('/admin/audit-log?action=wallet.create&limit=2');
    expect(byAction.json().items).toHaveLength(2);
    expect(byAction.json().nextCursor).not.toBeNull();
    expect((await get('/admin/audit-log', investor.headers)).statusCode).toBe(403);
  });
});
