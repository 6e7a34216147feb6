import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import {
  newAddress,
  register,
  registerVerified,
  resetPasswordByMail,
  signIn,
  strongPassword,
} from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { expectContract } from '../../testing/contract';
import { testDatabase } from '../../testing/database';
import { newPasswordRequiredMessage } from '../auth/access';
import { ensureAdminAccount, generatedAdminEmail } from './admin-account';

let app: FastifyInstance;
beforeAll(async () => {
  // Sessions found live are trusted for 10 s: a mark cleared in this process must take effect at once
  // all the same, not when the checked session runs out.
  app = await createTestApp({ SESSION_CHECK_CACHE_MS: '10000' });
});
afterAll(() => app.close());

/** Calls an operation with a session's bearer token, checking the answer against the contract. */
async function call(
  operationId: string,
  token: string,
  request: Pick<InjectOptions, 'method' | 'url' | 'payload'>,
) {
  const response = await app.inject({
    ...request,
    headers: { authorization: `Bearer ${token}` },
    remoteAddress: newAddress(),
  });
  await expectContract(operationId, response);
  return response;
}

const listUsers = { method: 'GET', url: '/api/v1/admin/users' } as const;

let generated: { email: string; password: string };

// In order: the file's database starts with no admin.
describe('the admin account at start', () => {
  it('is generated when none exists and none is configured, its credentials answered once', async () => {
    const { db } = await testDatabase();
    const outcome = await ensureAdminAccount(db, {});
    if (outcome.kind !== 'generated') throw new Error(`expected a generated admin, got ${outcome.kind}`);
    generated = outcome;
    expect(outcome.email).toBe(generatedAdminEmail);
    expect(outcome.password.length).toBeGreaterThanOrEqual(20);
    const session = await signIn(app, outcome);
    expect(session.role).toBe('admin');
    const [stored] = await db.select().from(users).where(eq(users.email, outcome.email));
    expect(stored?.passwordHash).not.toContain(outcome.password);
  });

  it('must change its printed password before anything else, and may do the rest at once after', async () => {
    const session = await signIn(app, generated);
    expect(session.mustChangePassword).toBe(true);
    const refused = { msg: newPasswordRequiredMessage };

    const adminCall = await call('adminListUsers', session.token, listUsers);
    expect(adminCall.statusCode).toBe(403);
    expect(adminCall.json()).toEqual(refused);
    const otherCall = await call('listReferrals', session.token, { method: 'GET', url: '/api/v1/referrals' });
    expect(otherCall.statusCode).toBe(403);
    expect(otherCall.json()).toEqual(refused);
    const otherForm = await call('updateUserInfo', session.token, {
      method: 'PATCH',
      url: '/api/v1/users/user-info',
      payload: { activityLogStatus: true },
    });
    expect(otherForm.statusCode).toBe(403);
    expect(otherForm.json()).toEqual(refused);

    const info = await call('getUserInfo', session.token, {
      method: 'GET',
      url: '/api/v1/users/user-info?fields=role,mustChangePassword',
    });
    expect(info.json()).toEqual({ role: 'admin', mustChangePassword: true });

    const newPassword = strongPassword();
    const change = await call('updateUserInfo', session.token, {
      method: 'PATCH',
      url: '/api/v1/users/user-info',
      payload: { currentPassword: generated.password, newPassword },
    });
    expect(change.statusCode, change.body).toBe(200);

    // The same session, at once.
    expect((await call('adminListUsers', session.token, listUsers)).statusCode).toBe(200);
    const after = await call('getUserInfo', session.token, {
      method: 'GET',
      url: '/api/v1/users/user-info?fields=mustChangePassword',
    });
    expect(after.json()).toEqual({ mustChangePassword: false });
    expect((await signIn(app, { email: generated.email, password: newPassword })).mustChangePassword).toBe(
      false,
    );
    generated = { email: generated.email, password: newPassword };
  });

  it('is not generated again once an admin exists', async () => {
    const { db } = await testDatabase();
    expect(await ensureAdminAccount(db, {})).toEqual({ kind: 'exists' });
    expect(await db.select().from(users).where(eq(users.role, 'admin'))).toHaveLength(1);
  });

  it('is created from ADMIN_EMAIL and ADMIN_PASSWORD, then its password follows the configuration', async () => {
    const { db } = await testDatabase();
    const email = 'Owner@Ledgerline.example';
    await ensureAdminAccount(db, { ADMIN_EMAIL: email, ADMIN_PASSWORD: 'first-admin-password-1' });
    const first = await signIn(app, { email, password: 'first-admin-password-1' });
    expect(first.role).toBe('admin');
    // The operator chose this password: nothing to change first.
    expect(first.mustChangePassword).toBe(false);
    await ensureAdminAccount(db, { ADMIN_EMAIL: email, ADMIN_PASSWORD: 'second-admin-password-2' });
    expect((await signIn(app, { email, password: 'second-admin-password-2' })).role).toBe('admin');
    expect(await db.select().from(users).where(eq(users.email, email.toLowerCase()))).toHaveLength(1);
  });

  it('promotes and verifies an existing account named by ADMIN_EMAIL', async () => {
    const { db } = await testDatabase();
    const { account } = await register(app);
    await ensureAdminAccount(db, { ADMIN_EMAIL: account.email, ADMIN_PASSWORD: 'owner-chosen-password-3' });
    expect((await signIn(app, { email: account.email, password: 'owner-chosen-password-3' })).role).toBe(
      'admin',
    );
  });

  it('clears the mark when ADMIN_EMAIL and ADMIN_PASSWORD name the marked account', async () => {
    const { db } = await testDatabase();
    await db.update(users).set({ mustChangePassword: true }).where(eq(users.email, generated.email));
    expect((await signIn(app, generated)).mustChangePassword).toBe(true);
    const password = 'owner-chosen-password-4';
    await ensureAdminAccount(db, { ADMIN_EMAIL: generated.email, ADMIN_PASSWORD: password });
    expect((await signIn(app, { email: generated.email, password })).mustChangePassword).toBe(false);
  });

  it('clears the mark when the password is reset through the mailed link', async () => {
    // Only one admin is ever generated per database: this one is marked as the generated one is.
    const account = await registerVerified(app);
    const { db } = await testDatabase();
    await db
      .update(users)
      .set({ role: 'admin', mustChangePassword: true })
      .where(eq(users.email, account.email));
    const before = await signIn(app, account);
    expect(before.mustChangePassword).toBe(true);
    expect((await call('adminListUsers', before.token, listUsers)).statusCode).toBe(403);

    const password = await resetPasswordByMail(app, account.email);

    const after = await signIn(app, { email: account.email, password });
    expect(after.mustChangePassword).toBe(false);
    expect((await call('adminListUsers', after.token, listUsers)).statusCode).toBe(200);
  });
});
