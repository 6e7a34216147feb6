import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, users } from '../../db/schema';
import { newAddress, register } from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { expectContract } from '../../testing/contract';
import { testDatabase } from '../../testing/database';
import { hashToken } from './tokens';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function verify(email: string | null, verificationToken: string | null) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/verify-email',
    payload: { email, verificationToken },
  });
  await expectContract('verifyEmail', response);
  return response;
}

async function login(email: string, password: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password },
    remoteAddress: newAddress(),
  });
  await expectContract('login', response);
  return response;
}

describe('POST /auth/verify-email', () => {
  it('verifies the account once; the link cannot be used twice', async () => {
    const { account, link } = await register(app);
    const email = link.searchParams.get('email');
    const token = link.searchParams.get('verificationToken');

    const first = await verify(email, token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ msg: 'Email verified' });
    const { db } = await testDatabase();
    const [user] = await db.select().from(users).where(eq(users.email, account.email));
    expect(user?.emailVerifiedAt).toBeInstanceOf(Date);

    const again = await verify(email, token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ msg: 'This verification link has already been used. You can sign in.' });
  });

  it('only an unverified account is refused at sign-in, with 403 and a msg saying to verify', async () => {
    const { account, link } = await register(app);
    const before = await login(account.email, account.password);
    expect(before.statusCode).toBe(403);
    expect(before.json().msg).toMatch(/verify your email/i);

    await verify(link.searchParams.get('email'), link.searchParams.get('verificationToken'));
    expect((await login(account.email, account.password)).statusCode).toBe(200);
  });

  it('says nothing about verification to someone without the password', async () => {
    const { account } = await register(app);
    const response = await login(account.email, 'not-the-password');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ msg: 'Wrong email or password' });
  });

  it('refuses an expired link (24 h)', async () => {
    const { link } = await register(app);
    const token = link.searchParams.get('verificationToken') ?? '';
    const { db } = await testDatabase();
    await db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.tokenHash, hashToken(token)));
    const response = await verify(link.searchParams.get('email'), token);
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toMatch(/expired/);
  });

  it('refuses an unknown token, and a real token with another email', async () => {
    const { link } = await register(app);
    const { link: other } = await register(app);
    const unknown = await verify(link.searchParams.get('email'), 'b'.repeat(43));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toMatch(/not valid/);
    const crossed = await verify(other.searchParams.get('email'), link.searchParams.get('verificationToken'));
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().msg).toMatch(/not valid/);
  });

  it('refuses a malformed request with 400 naming the field', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-email',
      payload: { email: 'jane@example.com' },
    });
    await expectContract('verifyEmail', response);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ msg: 'verificationToken is required' });
  });
});
