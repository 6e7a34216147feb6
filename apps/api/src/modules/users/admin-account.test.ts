import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { register, signIn } from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { testDatabase } from '../../testing/database';
import { ensureAdminAccount, generatedAdminEmail } from './admin-account';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

// In order: the file's database starts with no admin.
describe('the admin account at start', () => {
  it('is generated when none exists and none is configured, its credentials answered once', async () => {
    const { db } = await testDatabase();
    const outcome = await ensureAdminAccount(db, {});
    if (outcome.kind !== 'generated') throw new Error(`expected a generated admin, got ${outcome.kind}`);
    expect(outcome.email).toBe(generatedAdminEmail);
    expect(outcome.password.length).toBeGreaterThanOrEqual(20);
    const session = await signIn(app, outcome);
    expect(session.role).toBe('admin');
    const [stored] = await db.select().from(users).where(eq(users.email, outcome.email));
    expect(stored?.passwordHash).not.toContain(outcome.password);
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
    expect((await signIn(app, { email, password: 'first-admin-password-1' })).role).toBe('admin');
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
});
