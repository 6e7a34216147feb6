import { countDistinct, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config';
import { sessions, users } from '../../db/schema';
import { newAddress, registerVerified, signedInInvestor, signIn, uniqueEmail } from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { expectContract } from '../../testing/contract';
import { testDatabase } from '../../testing/database';
import { newSession } from './sessions';
import { hashToken } from './tokens';

let app: FastifyInstance;
/** For tests that change sessions in the database behind the server's back: it asks on every request. */
let uncachedApp: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
  uncachedApp = await createTestApp({ SESSION_CHECK_CACHE_MS: '0' });
});
afterAll(() => Promise.all([app.close(), uncachedApp.close()]));

async function userInfo(
  headers: Record<string, string>,
  url = '/api/v1/users/user-info?fields=email',
  server = app,
) {
  const response = await server.inject({ method: 'GET', url, headers });
  await expectContract('getUserInfo', response);
  return response;
}

async function login({ email, password }: { email: string; password: string }, remoteAddress = newAddress()) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password },
    remoteAddress,
  });
  await expectContract('login', response);
  return response;
}

describe('POST /auth/login', () => {
  it('answers an opaque token of at least 128 random bits, the name, the role and the absolute expiry', async () => {
    const account = await registerVerified(app, { fullname: 'Ada Lovelace' });
    const started = Date.now();
    const session = await signIn(app, account);
    expect(session.name).toBe('Ada Lovelace');
    expect(session.role).toBe('user');
    expect(session.token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(session.token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    // SESSION_MAX_HOURS defaults to 12.
    const hours = (Date.parse(session.expiresAt) - started) / 3_600_000;
    expect(hours).toBeGreaterThan(11.99);
    expect(hours).toBeLessThan(12.01);
    expect((await userInfo({ authorization: `Bearer ${session.token}` })).statusCode).toBe(200);
  });

  it('stores only a hash of the token', async () => {
    const account = await registerVerified(app);
    const { token } = await signIn(app, account);
    const { db } = await testDatabase();
    expect(
      await db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(token))),
    ).toHaveLength(1);
    expect(await db.select().from(sessions).where(eq(sessions.tokenHash, token))).toHaveLength(0);
  });

  it('answers the same 401 to a wrong password and to an unknown email', async () => {
    const account = await registerVerified(app);
    const wrong = await login({ email: account.email, password: 'wrong-password-1' });
    const unknown = await login({ email: uniqueEmail(), password: 'wrong-password-1' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('accepts the email in any case', async () => {
    const account = await registerVerified(app);
    expect((await login({ email: account.email.toUpperCase(), password: account.password })).statusCode).toBe(
      200,
    );
  });

  it('answers the admin role to an admin', async () => {
    const account = await registerVerified(app);
    const { db } = await testDatabase();
    await db.update(users).set({ role: 'admin' }).where(eq(users.email, account.email));
    expect((await signIn(app, account)).role).toBe('admin');
  });

  it('limits failed sign-ins per account: after 5, even the right password waits (429, Retry-After)', async () => {
    const account = await registerVerified(app);
    for (let attempt = 0; attempt < 5; attempt++) {
      // From a new address each time: the per-account limit holds across addresses.
      expect((await login({ email: account.email, password: `wrong-${attempt}-password` })).statusCode).toBe(
        401,
      );
    }
    const blocked = await login({ email: account.email, password: account.password });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().msg).toMatch(/Too many failed sign-in attempts/);
    // Other accounts are not affected.
    const other = await registerVerified(app);
    expect((await login(other)).statusCode).toBe(200);
  });

  it('limits failed sign-ins per address: after 20 from one address, that address waits', async () => {
    const address = newAddress();
    for (let attempt = 0; attempt < 20; attempt++) {
      const response = await login({ email: uniqueEmail(), password: 'wrong-password-1' }, address);
      expect(response.statusCode).toBe(401);
    }
    const account = await registerVerified(app);
    const blocked = await login(account, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await login(account)).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('issues 10,000 tokens with no duplicate, each of at least 128 bits', { timeout: 120_000 }, async () => {
    const account = await registerVerified(app);
    const { db } = await testDatabase();
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
    const userId = user?.id ?? '';
    const config = loadConfig({});
    const issued = Array.from({ length: 10_000 }, () => newSession(userId, config));
    const tokens = new Set(issued.map((session) => session.token));
    expect(tokens.size).toBe(10_000);
    for (const token of tokens)
      expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    // Stored as sign-in stores them (in batches: one insert each would only make the test slow),
    // under the unique index on the hash.
    for (let start = 0; start < issued.length; start += 1_000) {
      await db.insert(sessions).values(issued.slice(start, start + 1_000).map((session) => session.row));
    }
    const [stored] = await db
      .select({ distinct: countDistinct(sessions.tokenHash) })
      .from(sessions)
      .where(eq(sessions.userId, userId));
    expect(stored?.distinct).toBe(10_000);
    // Each one is a working session.
    const sample = issued[4_321]?.token ?? '';
    expect((await userInfo({ authorization: `Bearer ${sample}` })).statusCode).toBe(200);
  });

  it('ends after SESSION_IDLE_MINUTES without use', async () => {
    const investor = await signedInInvestor(app);
    const { db } = await testDatabase();
    const tokenHash = hashToken(investor.token);
    await db
      .update(sessions)
      .set({ lastUsedAt: new Date(Date.now() - 29 * 60_000) })
      .where(eq(sessions.tokenHash, tokenHash));
    // Used within 30 minutes: still alive, and the use moves the idle expiry.
    expect((await userInfo(investor.headers, undefined, uncachedApp)).statusCode).toBe(200);
    const [touched] = await db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash));
    expect(Date.now() - (touched?.lastUsedAt.getTime() ?? 0)).toBeLessThan(60_000);

    await db
      .update(sessions)
      .set({ lastUsedAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(sessions.tokenHash, tokenHash));
    const idle = await userInfo(investor.headers, undefined, uncachedApp);
    expect(idle.statusCode).toBe(401);
    expect(idle.json()).toEqual({ msg: 'Your session has ended. Please sign in again.' });
  });

  it('ends at its absolute expiry, however active', async () => {
    const investor = await signedInInvestor(app);
    const { db } = await testDatabase();
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(investor.token)));
    expect((await userInfo(investor.headers, undefined, uncachedApp)).statusCode).toBe(401);
  });

  it('follows SESSION_IDLE_MINUTES and SESSION_MAX_HOURS from configuration', async () => {
    const shortApp = await createTestApp({ SESSION_IDLE_MINUTES: '5', SESSION_MAX_HOURS: '1' });
    try {
      const account = await registerVerified(shortApp);
      const session = await signIn(shortApp, account);
      expect((Date.parse(session.expiresAt) - Date.now()) / 3_600_000).toBeLessThan(1.01);
      const { db } = await testDatabase();
      await db
        .update(sessions)
        .set({ lastUsedAt: new Date(Date.now() - 6 * 60_000) })
        .where(eq(sessions.tokenHash, hashToken(session.token)));
      const response = await shortApp.inject({
        method: 'GET',
        url: '/api/v1/users/user-info',
        headers: { authorization: `Bearer ${session.token}` },
      });
      expect(response.statusCode).toBe(401);
    } finally {
      await shortApp.close();
    }
  });

  it('trusts a session it found live for SESSION_CHECK_CACHE_MS, then asks the database again', async () => {
    const cachingApp = await createTestApp({ SESSION_CHECK_CACHE_MS: '400' });
    try {
      const investor = await signedInInvestor(cachingApp);
      expect((await userInfo(investor.headers, undefined, cachingApp)).statusCode).toBe(200);
      // Revoked by another process: this one learns it once its 400 ms are up.
      const { db } = await testDatabase();
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(eq(sessions.tokenHash, hashToken(investor.token)));
      const revokedAt = Date.now();
      let status = 200;
      while (status === 200 && Date.now() - revokedAt < 2_000) {
        status = (await userInfo(investor.headers, undefined, cachingApp)).statusCode;
        if (status === 200) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(status).toBe(401);
      expect(Date.now() - revokedAt).toBeLessThan(1_000);
    } finally {
      await cachingApp.close();
    }
  });

  it('never trusts a remembered session past its own expiry', async () => {
    const cachingApp = await createTestApp({ SESSION_CHECK_CACHE_MS: '10000' });
    try {
      const investor = await signedInInvestor(cachingApp);
      const { db } = await testDatabase();
      // The session expires 300 ms from now; the cache would otherwise keep it for 10 s.
      await db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() + 300) })
        .where(eq(sessions.tokenHash, hashToken(investor.token)));
      expect((await userInfo(investor.headers, undefined, cachingApp)).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect((await userInfo(investor.headers, undefined, cachingApp)).statusCode).toBe(401);
    } finally {
      await cachingApp.close();
    }
  });

  it('accepts credentials only from the Authorization header: never a cookie, never ?token=', async () => {
    const investor = await signedInInvestor(app);
    const cookie = await userInfo({ cookie: `token=${investor.token}; user-info=${investor.token}` });
    expect(cookie.statusCode).toBe(401);
    const query = await userInfo({}, `/api/v1/users/user-info?token=${investor.token}`);
    expect(query.statusCode).toBe(401);
    const basic = await userInfo({ authorization: `Basic ${investor.token}` });
    expect(basic.statusCode).toBe(401);
    expect((await userInfo({ authorization: `bearer ${investor.token}` })).statusCode).toBe(200);
  });

  it('refuses a made-up token', async () => {
    expect((await userInfo({ authorization: `Bearer ${'A'.repeat(43)}` })).statusCode).toBe(401);
  });
});

describe('POST /auth/logout', () => {
  it('revokes the token it carries, and only that one', async () => {
    const investor = await signedInInvestor(app);
    const other = await signIn(app, investor);
    // Both sessions were just found live (and remembered): the logout must still apply at once.
    expect((await userInfo(investor.headers)).statusCode).toBe(200);
    expect((await userInfo({ authorization: `Bearer ${other.token}` })).statusCode).toBe(200);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: investor.headers,
    });
    await expectContract('logout', response);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ msg: 'Signed out' });
    expect((await userInfo(investor.headers)).statusCode).toBe(401);
    expect((await userInfo({ authorization: `Bearer ${other.token}` })).statusCode).toBe(200);

    const again = await app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: investor.headers });
    await expectContract('logout', again);
    expect(again.statusCode).toBe(401);
  });

  it('needs a session', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/v1/auth/logout' });
    await expectContract('logout', response);
    expect(response.statusCode).toBe(401);
  });
});
