import { randomBytes, randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { users } from '../db/schema';
import { expectContract } from './contract';
import { testDatabase } from './database';
import { linkIn, mailSink } from './mail-sink';

/** A client address of its own, so per-address rate limits of one test never touch another's. */
export function newAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

export function uniqueEmail(label = 'investor'): string {
  return `${label}-${randomBytes(5).toString('hex')}@example.com`;
}

/** A password the policy accepts, different every time. */
export function strongPassword(): string {
  return `plum-orbit-lantern-${randomBytes(4).toString('hex')}`;
}

export type TestAccount = { email: string; password: string; fullname: string };

export function registration(overrides: Record<string, unknown> = {}) {
  return {
    fullname: 'jane doe',
    email: uniqueEmail(),
    phone: '(555) 123-4567',
    password: strongPassword(),
    country: 'United States',
    investmentGoal: 'retirement',
    ...overrides,
  };
}

/** Registers through the API and answers the verification link it mailed. */
export async function register(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const payload = registration(overrides);
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload,
    remoteAddress: newAddress(),
  });
  await expectContract('registerUser', response);
  expect(response.statusCode, response.body).toBe(201);
  const email = String(payload.email).toLowerCase();
  const sink = await mailSink();
  const mail = await sink.waitForMail(email, (message) => /verify/i.test(message.subject ?? ''));
  const link = linkIn(mail, 'http://ledgerline.test/verify-email');
  return {
    account: { email, password: String(payload.password), fullname: String(payload.fullname) },
    link,
    mail,
  };
}

/** Registers and follows the mailed link: an account that can sign in. */
export async function registerVerified(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
): Promise<TestAccount> {
  const { account, link } = await register(app, overrides);
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/verify-email',
    payload: {
      email: link.searchParams.get('email'),
      verificationToken: link.searchParams.get('verificationToken'),
    },
  });
  await expectContract('verifyEmail', response);
  expect(response.statusCode, response.body).toBe(200);
  return account;
}

export async function signIn(app: FastifyInstance, account: Pick<TestAccount, 'email' | 'password'>) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: account.email, password: account.password },
    remoteAddress: newAddress(),
  });
  await expectContract('login', response);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    token: string;
    name: string;
    role: 'user' | 'admin';
    expiresAt: string;
    mustChangePassword: boolean;
  };
}

/** A verified account and a live session: `headers` carries its bearer token. */
export async function signedInInvestor(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const account = await registerVerified(app, overrides);
  const session = await signIn(app, account);
  return { ...account, token: session.token, headers: { authorization: `Bearer ${session.token}` } };
}

/** A signed-in admin: registered and verified through the API, then given the admin role. */
export async function signedInAdmin(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const account = await registerVerified(app, { fullname: 'ledgerline admin', ...overrides });
  const { db } = await testDatabase();
  await db.update(users).set({ role: 'admin' }).where(eq(users.email, account.email));
  const session = await signIn(app, account);
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
  if (!row) throw new Error('the admin was not stored');
  return {
    ...account,
    id: row.id,
    token: session.token,
    headers: { authorization: `Bearer ${session.token}` },
  };
}

/** The id of the account with this email. */
export async function userIdOf(email: string): Promise<string> {
  const { db } = await testDatabase();
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no account for ${email}`);
  return row.id;
}

/**
 * Resets the account's password as a person does: asks for the link, follows the one mailed (the
 * newest), and sets a new password. Answers the new password.
 */
export async function resetPasswordByMail(app: FastifyInstance, email: string): Promise<string> {
  const sink = await mailSink();
  const before = sink.received.length;
  const asked = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/forgot-password',
    payload: { email },
    remoteAddress: newAddress(),
  });
  expect(asked.statusCode, asked.body).toBe(200);
  const mail = await sink.waitForMail(
    email,
    (message) => /reset/i.test(message.subject ?? '') && sink.received.indexOf(message) >= before,
  );
  const link = linkIn(mail, 'http://ledgerline.test/change-password');
  const password = strongPassword();
  const reset = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/reset-password',
    payload: { email, token: link.searchParams.get('token'), password, confirmPassword: password },
    remoteAddress: newAddress(),
  });
  expect(reset.statusCode, reset.body).toBe(200);
  return password;
}
