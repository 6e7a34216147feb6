import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { users } from '../db/schema';
import { failedSignInLimits } from '../modules/auth/failed-sign-ins';
import {
  newAddress,
  registerVerified,
  signedInAdmin,
  signedInInvestor,
  signIn,
  strongPassword,
} from '../testing/accounts';
import { createTestApp } from '../testing/app';
import { testDatabase } from '../testing/database';
import { withdrawalAddresses } from '../testing/money';
import { loggableError, loggerOptions } from './logging';

type Line = {
  level: number;
  reqId?: string;
  msg: string;
  securityEvent?: string;
  userId?: string | null;
  operationId?: string;
  status?: number;
  reason?: string;
  count?: number;
};

const lines: string[] = [];
let app: FastifyInstance;
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  app = await createTestApp(
    { MAX_SESSIONS_PER_USER: '3' },
    { logger: { ...loggerOptions(loadConfig({ LOG_LEVEL: 'info' })), stream } },
  );
});
afterAll(() => app.close());

/** The events logged while `act` ran. */
async function eventsOf(act: () => Promise<unknown>): Promise<Line[]> {
  const before = lines.length;
  await act();
  await app.deferred.settled();
  return lines
    .slice(before)
    .map((line) => JSON.parse(line) as Line)
    .filter((line) => line.securityEvent);
}

const login = (email: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password },
    remoteAddress: newAddress(),
  });

describe('security events in the JSON log', () => {
  it('a sign-in, a failed one and a lockout, each with the account and the request id', async () => {
    const account = await registerVerified(app);
    const userId = await idOf(account.email);
    const logged = await eventsOf(async () => {
      await login(account.email, account.password);
      for (let attempt = 0; attempt < failedSignInLimits.perAccount.max; attempt++) {
        await login(account.email, 'not-the-password');
      }
      await login(account.email, account.password);
    });
    expect(logged.map((line) => [line.securityEvent, line.userId, line.status])).toEqual([
      ['sign-in.succeeded', userId, 200],
      ...Array.from({ length: failedSignInLimits.perAccount.max }, () => ['sign-in.failed', userId, 401]),
      ['sign-in.locked-out', null, 429],
    ]);
    for (const line of logged) expect(line.reqId).toMatch(/^[0-9a-f-]{36}$/);
    // Warnings for what may be an attack.
    expect(logged.filter((line) => line.level === 40).map((line) => line.securityEvent)).not.toContain(
      'sign-in.succeeded',
    );
  });

  it('refused access: 401 without a session, 403 for a user on the back office', async () => {
    const user = await signedInInvestor(app);
    const logged = await eventsOf(async () => {
      await app.inject({ method: 'GET', url: '/api/v1/users/user-info' });
      await app.inject({ method: 'GET', url: '/api/v1/admin/users', headers: user.headers });
    });
    expect(logged.map((line) => [line.securityEvent, line.status, line.operationId])).toEqual([
      ['access.unauthenticated', 401, 'getUserInfo'],
      ['access.forbidden', 403, 'adminListUsers'],
    ]);
    expect(logged[1]?.userId).toBe(await idOf(user.email));
  });

  it('a password change ends the other sessions, and a logout ends its own', async () => {
    const user = await signedInInvestor(app);
    await signIn(app, user);
    const userId = await idOf(user.email);
    const logged = await eventsOf(async () => {
      await app.inject({
        method: 'PATCH',
        url: '/api/v1/users/user-info',
        headers: user.headers,
        payload: { currentPassword: user.password, newPassword: strongPassword() },
        remoteAddress: newAddress(),
      });
      await app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: user.headers });
    });
    expect(logged.map((line) => [line.securityEvent, line.userId, line.reason ?? null])).toEqual([
      ['sessions.revoked', userId, 'password changed'],
      ['password.changed', userId, null],
      ['session.ended', userId, null],
    ]);
  });

  it('a sign-in over the session cap ends the oldest session, and says so', async () => {
    const account = await registerVerified(app);
    const first = await signIn(app, account);
    for (let session = 0; session < 2; session++) await signIn(app, account);
    const logged = await eventsOf(() => signIn(app, account));
    expect(logged.map((line) => [line.securityEvent, line.reason ?? null, line.count ?? null])).toEqual([
      ['sessions.revoked', 'session cap', 1],
      ['sign-in.succeeded', null, null],
    ]);
    const oldest = await app.inject({
      method: 'GET',
      url: '/api/v1/users/user-info',
      headers: { authorization: `Bearer ${first.token}` },
    });
    expect(oldest.statusCode).toBe(401);
  });

  it('an address saved or removed and the address lock moved, each with the account', async () => {
    const user = await signedInInvestor(app);
    const userId = await idOf(user.email);
    const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      app.inject({ method, url: `/api/v1${url}`, headers: user.headers, ...(payload ? { payload } : {}) });
    const logged = await eventsOf(async () => {
      const saved = await send('POST', '/users/withdrawal-addresses', {
        type: 'bitcoin',
        network: 'BTC',
        address: withdrawalAddresses.BTC,
        label: 'Cold wallet',
      });
      expect(saved.statusCode, saved.body).toBe(201);
      await send('DELETE', `/users/withdrawal-addresses/${saved.json().address._id}`);
      await send('PUT', '/users/withdrawal-address-lock', { enabled: true });
      await send('PUT', '/users/withdrawal-address-lock', { enabled: false, password: user.password });
    });
    expect(logged.map((line) => [line.securityEvent, line.userId])).toEqual([
      ['withdrawal-address.added', userId],
      ['withdrawal-address.removed', userId],
      ['withdrawal-address-lock.changed', userId],
      ['withdrawal-address-lock.changed', userId],
    ]);
  });

  it('every admin action, not the admin’s reading', async () => {
    const admin = await signedInAdmin(app);
    const logged = await eventsOf(async () => {
      await app.inject({ method: 'GET', url: '/api/v1/admin/wallets', headers: admin.headers });
      await app.inject({
        method: 'POST',
        url: '/api/v1/admin/wallets',
        headers: admin.headers,
        payload: {
          walletName: 'bitcoin cold',
          type: 'bitcoin',
          address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
          active: true,
        },
      });
    });
    expect(logged.map((line) => [line.securityEvent, line.operationId, line.userId])).toEqual([
      ['admin.action', 'adminCreateWallet', admin.id],
    ]);
  });

  it('a line forged in what someone sends stays inside its own line', async () => {
    const forged = '\n{"level":30,"securityEvent":"sign-in.succeeded","userId":"forged"}';
    const before = lines.length;
    const response = await login(`jane@example.com${forged}`, 'not-the-password');
    expect(response.statusCode).toBe(400);
    await app.inject({
      method: 'GET',
      url: `/api/v1/users/user-info?fields=email${encodeURIComponent(forged)}`,
    });
    const written = lines.slice(before);
    // Every line is one JSON object of the server's; none is the forged one.
    for (const line of written) expect(() => JSON.parse(line)).not.toThrow();
    expect(written.map((line) => (JSON.parse(line) as Line).userId)).not.toContain('forged');
  });

  it('never carries a password, a token or a hash', async () => {
    const text = lines.join('\n');
    expect(text).not.toMatch(/\$argon2/);
    expect(text).not.toMatch(/plum-orbit-lantern/);
    expect(text).not.toMatch(/Bearer [A-Za-z0-9_-]{16}/);
  });
});

describe('a database error as logged', () => {
  it('names the failed statement, never its parameters', async () => {
    const { db } = await testDatabase();
    const account = await registerVerified(app);
    const secretHash = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LXNhbHQ$c2VjcmV0LWhhc2g';
    const failure = await db
      .insert(users)
      .values({
        email: account.email,
        fullname: 'a duplicate',
        phone: '(555) 123-4567',
        country: 'Canada',
        passwordHash: secretHash,
        referralCode: 'dup12345',
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(Error);
    // The error as thrown carries the parameters: the serializer is what keeps them out.
    expect(JSON.stringify({ message: (failure as Error).message })).toContain('argon2id');
    const logged = JSON.stringify(loggableError(failure));
    expect(logged).toContain('insert into \\"users\\"');
    expect(logged).not.toContain('argon2id');
    expect(logged).not.toContain(account.email);
  });
});

async function idOf(email: string): Promise<string> {
  const { db } = await testDatabase();
  const rows = await db.select({ id: users.id, email: users.email }).from(users);
  const row = rows.find((candidate) => candidate.email === email);
  if (!row) throw new Error(`no account for ${email}`);
  return row.id;
}
