import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import {
  newAddress,
  resetPasswordByMail,
  signedInAdmin,
  strongPassword,
  uniqueEmail,
  userIdOf,
} from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { expectContract } from '../../testing/contract';
import { testDatabase } from '../../testing/database';
import { linkIn, mailSink } from '../../testing/mail-sink';
import { createWallets, fundedInvestor, requestWithdrawal, review } from '../../testing/money';
import { totpCode } from '../auth/totp';
import { heldMessage, type WithdrawalHoldReason } from '../auth/withdrawal-pause';

/*
 * A password reset or change, a change of email (or its undoing) and two-factor turned off pause an
 * account's withdrawals. Withdrawals already pending then (asked for, perhaps, by whoever took the
 * account over) are held: no admin approves them while the pause lasts, any admin may reject them,
 * and the queue says why they are held.
 */

let app: FastifyInstance;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  app = await createTestApp();
  admin = await signedInAdmin(app);
  await createWallets(app, admin);
  return () => app.close();
});

type Investor = Awaited<ReturnType<typeof fundedInvestor>>;
type Listed = {
  _id: string;
  status: string;
  heldBecause: WithdrawalHoldReason | null;
  heldAt: string | null;
  heldUntil: string | null;
};

/** A pending withdrawal of `amount` dollars: answers its id. */
async function pendingWithdrawal(investor: Investor, amount: string): Promise<string> {
  const answer = await requestWithdrawal(app, investor, amount);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().transaction._id;
}

/** The user's withdrawals as the back office's queue lists them. */
async function listed(userId: string): Promise<Map<string, Listed>> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/v1/admin/withdrawals',
    query: { userId },
    headers: admin.headers,
  });
  await expectContract('adminListWithdrawals', response);
  expect(response.statusCode, response.body).toBe(200);
  return new Map((response.json().items as Listed[]).map((item) => [item._id, item]));
}

/** The account's withdrawal pause, as stored. */
async function pauseOf(userId: string): Promise<Date> {
  const { db } = await testDatabase();
  const [row] = await db
    .select({ until: users.withdrawalsPausedUntil })
    .from(users)
    .where(eq(users.id, userId));
  if (!row?.until) throw new Error('the account has no withdrawal pause');
  return row.until;
}

/** Ends the account's pause a second ago, as time passing would. */
async function endPause(userId: string): Promise<void> {
  const { db } = await testDatabase();
  await db
    .update(users)
    .set({ withdrawalsPausedUntil: new Date(Date.now() - 1_000) })
    .where(eq(users.id, userId));
}

function call(
  caller: { headers: { authorization: string } } | null,
  method: 'POST' | 'PATCH',
  url: string,
  payload: object,
) {
  return app.inject({
    method,
    url: `/api/v1${url}`,
    headers: caller?.headers ?? {},
    payload,
    remoteAddress: newAddress(),
  });
}

/** Changes the account's email through the mailed link: answers the confirmation's answer. */
async function changeEmail(investor: Investor) {
  const newEmail = uniqueEmail('moved');
  const asked = await call(investor, 'POST', '/auth/email-change', {
    newEmail,
    password: investor.password,
  });
  expect(asked.statusCode, asked.body).toBe(202);
  const mail = await (await mailSink()).waitForMail(newEmail, (message) =>
    /confirm/i.test(message.subject ?? ''),
  );
  const token = linkIn(mail, 'http://ledgerline.test/confirm-email-change').searchParams.get('token');
  const confirmed = await call(null, 'POST', '/auth/email-change/confirm', { token });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { newEmail, oldEmail: investor.email };
}

describe('a password reset', () => {
  it('holds every pending withdrawal: no approval while the pause lasts, a rejection, and an approval after', async () => {
    const investor = await fundedInvestor(app, admin, '100');
    const userId = await userIdOf(investor.email);
    const first = await pendingWithdrawal(investor, '10');
    const second = await pendingWithdrawal(investor, '20');
    const approvedBefore = await pendingWithdrawal(investor, '5');
    expect((await review(app, admin, 'withdrawals', approvedBefore, 'approve')).statusCode).toBe(200);
    // Someone else's pending withdrawal is not held by this account's reset.
    const bystander = await fundedInvestor(app, admin, '40');
    const bystanders = await pendingWithdrawal(bystander, '15');

    expect((await listed(userId)).get(first)).toMatchObject({
      heldBecause: null,
      heldAt: null,
      heldUntil: null,
    });
    const before = Date.now();
    await resetPasswordByMail(app, investor.email);
    const until = await pauseOf(userId);

    const queue = await listed(userId);
    for (const id of [first, second]) {
      const row = queue.get(id);
      expect(row).toMatchObject({
        status: 'pending',
        heldBecause: 'password_reset',
        heldUntil: until.toISOString(),
      });
      expect(Date.parse(row?.heldAt ?? '')).toBeGreaterThanOrEqual(before - 1_000);
      expect(Date.parse(row?.heldAt ?? '')).toBeLessThanOrEqual(Date.now());
    }
    // Resolved before the reset: nothing to hold.
    expect(queue.get(approvedBefore)).toMatchObject({ status: 'approved', heldBecause: null, heldAt: null });

    // No approval while the pause lasts; the money stays held.
    const heldAt = new Date(queue.get(first)?.heldAt ?? '');
    const refused = await review(app, admin, 'withdrawals', first, 'approve');
    await expectContract('adminApproveWithdrawal', refused);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ msg: heldMessage('password_reset', heldAt, until) });
    expect(refused.json().msg).toMatch(
      /^This withdrawal is held: the account's password was reset on \d{4}-\d\d-\d\d \d\d:\d\d UTC\. It can be approved after the pause ends on \d{4}-\d\d-\d\d \d\d:\d\d UTC, or rejected\.$/,
    );
    // The reset signed the user's sessions out: the figures are read as the back office reads them.
    expect(await adminFigures(userId)).toMatchObject({
      pendingWithdrawals: 30,
      withdrawals: 5,
      availableBalance: 65,
    });

    // Rejecting stays possible: the held amount goes back.
    const rejected = await review(app, admin, 'withdrawals', second, 'reject', 'Held after a reset.');
    await expectContract('adminRejectWithdrawal', rejected);
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().withdrawal).toMatchObject({ status: 'rejected', heldBecause: 'password_reset' });
    expect(await adminFigures(userId)).toMatchObject({ pendingWithdrawals: 10, availableBalance: 85 });

    // Another account's withdrawal is approved as ever.
    expect((await review(app, admin, 'withdrawals', bystanders, 'approve')).statusCode).toBe(200);

    // Once the pause is over the hold is still shown, and the withdrawal can be approved.
    await endPause(userId);
    expect((await listed(userId)).get(first)).toMatchObject({
      heldBecause: 'password_reset',
      heldAt: heldAt.toISOString(),
      heldUntil: null,
    });
    const approved = await review(app, admin, 'withdrawals', first, 'approve');
    await expectContract('adminApproveWithdrawal', approved);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().withdrawal).toMatchObject({ status: 'approved', heldUntil: null });
    expect(await adminFigures(userId)).toMatchObject({
      pendingWithdrawals: 0,
      withdrawals: 15,
      availableBalance: 85,
    });
  });
});

/** A user's figures as the back office reads them (the user's own sessions may have ended). */
async function adminFigures(userId: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/admin/users/${userId}`,
    headers: admin.headers,
  });
  await expectContract('adminGetUser', response);
  expect(response.statusCode, response.body).toBe(200);
  const { availableBalance, pendingWithdrawals, withdrawals: paid } = response.json().user;
  return { availableBalance, pendingWithdrawals, withdrawals: paid };
}

describe('the other events that pause withdrawals', () => {
  /** Asks for a withdrawal, does `event`, and checks the withdrawal is held for `reason`. */
  async function expectHeldBy(
    reason: WithdrawalHoldReason,
    event: (investor: Investor) => Promise<unknown>,
    before: (investor: Investor) => Promise<unknown> = async () => {},
  ) {
    const investor = await fundedInvestor(app, admin, '50');
    const userId = await userIdOf(investor.email);
    const withdrawalId = await pendingWithdrawal(investor, '12.34');
    await before(investor);
    await event(investor);
    const until = await pauseOf(userId);
    const row = (await listed(userId)).get(withdrawalId);
    expect(row).toMatchObject({ status: 'pending', heldBecause: reason, heldUntil: until.toISOString() });
    const refused = await review(app, admin, 'withdrawals', withdrawalId, 'approve');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ msg: heldMessage(reason, new Date(row?.heldAt ?? ''), until) });
    return { investor, userId, withdrawalId, row };
  }

  it('a password change holds them', async () => {
    await expectHeldBy('password_changed', async (investor) => {
      const changed = await call(investor, 'PATCH', '/users/user-info', {
        currentPassword: investor.password,
        newPassword: strongPassword(),
      });
      expect(changed.statusCode, changed.body).toBe(200);
    });
  });

  it('a confirmed change of email holds them, and so does undoing it from the old address', async () => {
    const { investor, userId, withdrawalId, row } = await expectHeldBy('email_changed', changeEmail);
    const told = await (await mailSink()).waitForMail(
      investor.email,
      (message) => message.subject === 'Ledgerline: Your email was changed',
    );
    const token = linkIn(told, 'http://ledgerline.test/revert-email-change').searchParams.get('token');
    const reverted = await call(null, 'POST', '/auth/email-change/revert', { token });
    expect(reverted.statusCode, reverted.body).toBe(200);
    // Still held, from the undoing, until the pause the undoing began ends.
    const undone = (await listed(userId)).get(withdrawalId);
    expect(undone).toMatchObject({
      heldBecause: 'email_changed',
      heldUntil: (await pauseOf(userId)).toISOString(),
    });
    expect(Date.parse(undone?.heldAt ?? '')).toBeGreaterThanOrEqual(Date.parse(row?.heldAt ?? ''));
  });

  it('two-factor turned off holds them', async () => {
    let recoveryCode = '';
    await expectHeldBy(
      'two_factor_disabled',
      async (investor) => {
        const off = await call(investor, 'POST', '/auth/two-factor/disable', {
          password: investor.password,
          code: recoveryCode,
        });
        expect(off.statusCode, off.body).toBe(200);
      },
      // Turned on after the withdrawal was asked for (with it on, a withdrawal needs a code).
      async (investor) => {
        const setup = await call(investor, 'POST', '/auth/two-factor/setup', {});
        expect(setup.statusCode, setup.body).toBe(200);
        const on = await call(investor, 'POST', '/auth/two-factor/enable', {
          password: investor.password,
          code: totpCode(setup.json().secret, new Date()),
        });
        expect(on.statusCode, on.body).toBe(200);
        recoveryCode = on.json().recoveryCodes[0];
      },
    );
  });
});

describe('a withdrawal that needs two approvals', () => {
  it('gets no second approval while it is held, and any admin may reject it', async () => {
    const strict = await createTestApp({ WITHDRAWAL_SECOND_APPROVAL_USD: '0' });
    try {
      const first = await signedInAdmin(strict, { fullname: 'first approver' });
      const second = await signedInAdmin(strict, { fullname: 'second approver' });
      await createWallets(strict, first);
      const investor = await fundedInvestor(strict, first, '60');
      const asked = await requestWithdrawal(strict, investor, '25');
      const withdrawalId = asked.json().transaction._id as string;
      const approvedOnce = await review(strict, first, 'withdrawals', withdrawalId, 'approve');
      expect(approvedOnce.json().withdrawal.needsSecondApproval).toBe(true);

      await resetPasswordByMail(strict, investor.email);
      const refused = await review(strict, second, 'withdrawals', withdrawalId, 'approve');
      await expectContract('adminApproveWithdrawal', refused);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().msg).toMatch(/^This withdrawal is held: the account's password was reset on /);

      const rejected = await review(strict, first, 'withdrawals', withdrawalId, 'reject', 'Held.');
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect(rejected.json().withdrawal).toMatchObject({ status: 'rejected', needsSecondApproval: false });
    } finally {
      await strict.close();
    }
  });
});

describe('with WITHDRAWAL_PAUSE_AFTER_RESET_HOURS=0', () => {
  it('nothing is paused, so nothing is held', async () => {
    const relaxed = await createTestApp({ WITHDRAWAL_PAUSE_AFTER_RESET_HOURS: '0' });
    try {
      const reviewer = await signedInAdmin(relaxed);
      await createWallets(relaxed, reviewer);
      const investor = await fundedInvestor(relaxed, reviewer, '30');
      const asked = await requestWithdrawal(relaxed, investor, '10');
      const withdrawalId = asked.json().transaction._id as string;
      await resetPasswordByMail(relaxed, investor.email);
      const approved = await review(relaxed, reviewer, 'withdrawals', withdrawalId, 'approve');
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().withdrawal).toMatchObject({ heldBecause: null, heldAt: null, heldUntil: null });
    } finally {
      await relaxed.close();
    }
  });
});
