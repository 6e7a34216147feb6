import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLog } from '../../db/schema';
import {
  newAddress,
  resetPasswordByMail,
  signedInAdmin,
  signedInInvestor,
  strongPassword,
  userIdOf,
} from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { expectContract } from '../../testing/contract';
import { testDatabase } from '../../testing/database';
import { mailSink } from '../../testing/mail-sink';
import { createWallets, fundedInvestor, requestDeposit, requestWithdrawal } from '../../testing/money';

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp();
  return () => app.close();
});

const chrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const firefox = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:133.0) Gecko/20100101 Firefox/133.0';

type Account = { email: string; password: string };

/** Signs in from a browser and an address: answers the session's headers. */
async function signInFrom(account: Account, userAgent: string, remoteAddress = newAddress()) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: { 'user-agent': userAgent },
    payload: { email: account.email, password: account.password },
    remoteAddress,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { authorization: `Bearer ${response.json().token as string}`, 'user-agent': userAgent };
}

/** The subjects of the security mails `email` received, once the deferred mail has gone. */
async function securityMailTo(email: string) {
  await app.deferred.settled();
  return (await mailSink()).received
    .filter((mail) => mail.envelopeTo.includes(email) && mail.subject?.startsWith('Ledgerline: '))
    .map((mail) => ({ subject: mail.subject, text: mail.text ?? '' }));
}

function get(url: string, headers: Record<string, string>) {
  return app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
}

describe('sessions', () => {
  it('are listed by browser, system and network, this device marked; others can be signed out', async () => {
    const investor = await signedInInvestor(app);
    const laptop = await signInFrom(investor, firefox, '198.51.100.23');
    const desktop = await signInFrom(investor, chrome, '203.0.113.9');
    const listed = await get('/auth/sessions', desktop);
    await expectContract('listSessions', listed);
    const rows = listed.json() as {
      _id: string;
      browser: string;
      system: string;
      address: string;
      current: boolean;
    }[];
    expect(rows).toHaveLength(3);
    expect(rows.filter((row) => row.current)).toEqual([
      expect.objectContaining({ browser: 'Chrome 131', system: 'Windows 10', address: '203.0.113.0/24' }),
    ]);
    const firefoxRow = rows.find((row) => row.browser === 'Firefox 133');
    expect(firefoxRow).toMatchObject({ system: 'macOS Sonoma', address: '198.51.100.0/24', current: false });

    // Another account sees only its own session, and another's is as if it did not exist.
    const other = await signedInInvestor(app);
    const theirs = await get('/auth/sessions', other.headers);
    await expectContract('listSessions', theirs);
    expect(theirs.json()).toEqual([expect.objectContaining({ current: true })]);
    const ownIds = new Set(rows.map((row) => row._id));
    expect(theirs.json().filter((row: { _id: string }) => ownIds.has(row._id))).toEqual([]);
    const notTheirs = await app.inject({
      method: 'DELETE',
      url: `/api/v1/auth/sessions/${firefoxRow?._id}`,
      headers: other.headers,
    });
    expect(notTheirs.statusCode).toBe(404);
    expect((await get('/auth/security', laptop)).statusCode).toBe(200);

    const one = await app.inject({
      method: 'DELETE',
      url: `/api/v1/auth/sessions/${firefoxRow?._id}`,
      headers: desktop,
    });
    await expectContract('revokeSession', one);
    expect(one.statusCode).toBe(200);
    expect((await get('/auth/security', laptop)).statusCode).toBe(401);

    const rest = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/sessions/revoke-others',
      headers: desktop,
    });
    await expectContract('revokeOtherSessions', rest);
    expect(rest.json()).toEqual({ msg: 'Signed out of 1 other session', revoked: 1 });
    expect((await get('/auth/security', investor.headers)).statusCode).toBe(401);
    expect((await get('/auth/sessions', desktop)).json()).toHaveLength(1);
  });
});

describe('the activity log', () => {
  it('records only while the switch is on, and shows each user only their own', async () => {
    const admin = await signedInAdmin(app);
    await createWallets(app, admin);
    const investor = await fundedInvestor(app, admin, '100');
    // The approval's activity row is written after its answer: it lands before the switch moves.
    await app.deferred.settled();
    const setSwitch = async (activityLogStatus: boolean) => {
      const response = await app.inject({
        method: 'PATCH',
        url: '/api/v1/users/user-info',
        headers: investor.headers,
        payload: { activityLogStatus },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    // On for a new account: turned off, its last entry says so, and nothing more is written.
    await setSwitch(false);
    const whileOff = (await get('/users/activity?limit=100', investor.headers)).json().items;
    expect(whileOff[0]).toMatchObject({ kind: 'activity_log_off' });
    await requestWithdrawal(app, investor, '5');
    expect((await get('/users/activity?limit=100', investor.headers)).json().items).toEqual(whileOff);

    await setSwitch(true);
    const failed = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'user-agent': firefox },
      payload: { email: investor.email, password: 'not-the-password-7' },
      remoteAddress: '198.51.100.23',
    });
    expect(failed.statusCode).toBe(401);
    const browser = await signInFrom(investor, chrome);
    const withdrawal = (await requestWithdrawal(app, investor, '7')).json().transaction;
    const reviewed = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/withdrawals/${withdrawal._id}/reject`,
      headers: admin.headers,
      payload: { reason: 'Address not allowed' },
    });
    expect(reviewed.statusCode).toBe(200);
    await app.deferred.settled();

    const page = await get('/users/activity?limit=100', browser);
    await expectContract('listActivity', page);
    expect(page.json().items).toEqual([
      expect.objectContaining({
        kind: 'withdrawal_rejected',
        browser: null,
        detail: `${withdrawal.ref}, $7.00: Address not allowed`,
      }),
      expect.objectContaining({ kind: 'withdrawal_requested', detail: `${withdrawal.ref}, $7.00` }),
      expect.objectContaining({ kind: 'sign_in', browser: 'Chrome 131', system: 'Windows 10' }),
      expect.objectContaining({ kind: 'sign_in_failed', browser: 'Firefox 133', address: '198.51.100.0/24' }),
      expect.objectContaining({ kind: 'activity_log_on' }),
      ...whileOff,
    ]);
    // The admin's own log holds only what the admin did (signing in), nothing of the investor's.
    const adminKinds = (await get('/users/activity?limit=100', admin.headers))
      .json()
      .items.map((entry: { kind: string }) => entry.kind);
    expect(new Set(adminKinds)).toEqual(new Set(['sign_in']));

    await setSwitch(false);
    await signInFrom(investor, chrome);
    expect((await get('/users/activity?limit=100', browser)).json().items).toHaveLength(
      page.json().items.length + 1,
    );
  });
});

describe('the activity log, page by page', () => {
  it('pages newest first by cursor, every entry once, also through entries of one instant', async () => {
    const investor = await signedInInvestor(app);
    // On for a new account: its first sign-in is already there.
    const first = (await get('/users/activity?limit=100', investor.headers)).json().items;
    expect(first.map((entry: { kind: string }) => entry.kind)).toEqual(['sign_in']);
    for (let index = 0; index < 5; index++) await signInFrom(investor, chrome);
    // Entries recorded in the same instant (a recovery code's sign-in records two): the cursor's id
    // tells them apart.
    const { db } = await testDatabase();
    const userId = await userIdOf(investor.email);
    const instant = new Date();
    await db
      .insert(activityLog)
      .values(Array.from({ length: 4 }, () => ({ userId, kind: 'session_revoked', createdAt: instant })));

    const all = (await get('/users/activity?limit=100', investor.headers)).json();
    expect(all.nextCursor).toBeNull();
    const allIds = all.items.map((entry: { _id: string }) => entry._id);
    expect(allIds).toHaveLength(10);
    const times = all.items.map((entry: { createdAt: string }) => Date.parse(entry.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `limit=2&cursor=${encodeURIComponent(cursor)}` : 'limit=2';
      const page = await get(`/users/activity?${query}`, investor.headers);
      await expectContract('listActivity', page);
      expect(page.statusCode, page.body).toBe(200);
      pages.push(page.json().items.map((entry: { _id: string }) => entry._id));
      cursor = page.json().nextCursor;
    } while (cursor !== null && pages.length < 10);
    expect(pages.map((page) => page.length)).toEqual([2, 2, 2, 2, 2]);
    expect(pages.flat()).toEqual(allIds);
  });
});

describe('the activity log switch', () => {
  it('records password changes and money requests only while it is on', async () => {
    const admin = await signedInAdmin(app);
    await createWallets(app, admin);
    const investor = await fundedInvestor(app, admin, '100');
    let session: { authorization: string } = investor.headers;
    let password = investor.password;
    const patchUserInfo = (payload: object) =>
      app.inject({ method: 'PATCH', url: '/api/v1/users/user-info', headers: session, payload });
    const saveActivity = async (enabled: boolean) => {
      const response = await patchUserInfo({ activityLogStatus: enabled });
      expect(response.statusCode, response.body).toBe(200);
    };
    const changePassword = async () => {
      const newPassword = strongPassword();
      const response = await patchUserInfo({ currentPassword: password, newPassword });
      expect(response.statusCode, response.body).toBe(200);
      password = newPassword;
    };
    const requestDepositOf = async (amount: string) => {
      const response = await requestDeposit(app, { headers: session }, amount);
      expect(response.statusCode, response.body).toBe(201);
    };
    const requestWithdrawalOf = async (amount: string) => {
      const response = await requestWithdrawal(app, { headers: session }, amount);
      expect(response.statusCode, response.body).toBe(201);
    };
    // A reset by mail ends every session: a new one signs in with the new password.
    const resetPassword = async () => {
      password = await resetPasswordByMail(app, investor.email);
      session = await signInFrom({ email: investor.email, password }, chrome);
    };
    const kinds = async () =>
      (await get('/users/activity?limit=100', session))
        .json()
        .items.map((entry: { kind: string }) => entry.kind);

    // On for a new account; turned off, its last entry says so. Withdrawals before any password
    // change: a change, like a reset, pauses them.
    await saveActivity(false);
    const offAt = await kinds();
    expect(offAt[0]).toBe('activity_log_off');
    await requestWithdrawalOf('5');
    await requestDepositOf('25');
    expect(await kinds()).toEqual(offAt);

    await saveActivity(true);
    await requestWithdrawalOf('5');
    await requestDepositOf('25');
    await changePassword();
    await resetPassword();
    expect(await kinds()).toEqual([
      'sign_in',
      'password_reset',
      'password_changed',
      'deposit_requested',
      'withdrawal_requested',
      'activity_log_on',
      ...offAt,
    ]);

    await saveActivity(false);
    await changePassword();
    await requestDepositOf('25');
    await resetPassword();
    expect(await kinds()).toEqual([
      'activity_log_off',
      'sign_in',
      'password_reset',
      'password_changed',
      'deposit_requested',
      'withdrawal_requested',
      'activity_log_on',
      ...offAt,
    ]);
  });
});

describe('security mail', () => {
  it('tells the owner of a sign-in from a new browser, not of a known one nor of the first', async () => {
    const investor = await signedInInvestor(app);
    await signInFrom(investor, chrome);
    await signInFrom(investor, firefox, '198.51.100.23');
    const mails = await securityMailTo(investor.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Ledgerline: New sign-in from a browser',
      'Ledgerline: New sign-in from a browser',
    ]);
    expect(mails[1]?.text).toContain('From: Firefox 133 on macOS Sonoma, network 198.51.100.0/24.');
    expect(mails[1]?.text).toContain('http://ledgerline.test/forgot-password');
    await signInFrom(investor, firefox);
    expect(await securityMailTo(investor.email)).toHaveLength(2);
  });

  it('tells the owner of a password change and of a withdrawal, once however often it is retried', async () => {
    const admin = await signedInAdmin(app);
    await createWallets(app, admin);
    const investor = await fundedInvestor(app, admin, '100');
    const key = crypto.randomUUID();
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await requestWithdrawal(app, investor, '12.5', { idempotencyKey: key })).statusCode).toBe(201);
    }
    await app.deferred.settled();
    const changed = await app.inject({
      method: 'PATCH',
      url: '/api/v1/users/user-info',
      headers: investor.headers,
      payload: { currentPassword: investor.password, newPassword: 'a-new-long-passphrase-42' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const mails = await securityMailTo(investor.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Ledgerline: A withdrawal was requested',
      'Ledgerline: Your password was changed',
    ]);
    expect(mails[0]?.text).toMatch(/\(WDR-[A-Z0-9]+, \$12\.50 to \S+\)/);
  });
});
