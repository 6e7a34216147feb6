import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, users } from '../../db/schema';
import {
  newAddress,
  register,
  registerVerified,
  signIn,
  strongPassword,
  uniqueEmail,
} from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { expectContract } from '../../testing/contract';
import { testDatabase } from '../../testing/database';
import { linkIn, mailSink } from '../../testing/mail-sink';
import { hashToken } from './tokens';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function forgot(email: string, remoteAddress = newAddress()) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/forgot-password',
    payload: { email },
    remoteAddress,
  });
  await expectContract('forgotPassword', response);
  return response;
}

async function resetLinkFor(email: string, after = 0) {
  const sink = await mailSink();
  const mail = await sink.waitForMail(
    email,
    (message) => /reset/i.test(message.subject ?? '') && sink.received.indexOf(message) >= after,
  );
  return linkIn(mail, 'http://ledgerline.test/change-password');
}

async function reset(payload: Record<string, unknown>) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/reset-password',
    payload,
    remoteAddress: newAddress(),
  });
  await expectContract('resetPassword', response);
  return response;
}

function resetPayload(link: URL, password: string) {
  return {
    password,
    confirmPassword: password,
    email: link.searchParams.get('email'),
    token: link.searchParams.get('token'),
  };
}

async function loginStatus(email: string, password: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password },
    remoteAddress: newAddress(),
  });
  await expectContract('login', response);
  return response.statusCode;
}

describe('POST /auth/forgot-password', () => {
  it('mails PUBLIC_URL/change-password?email=…&token=…, in HTML and plain text', async () => {
    const account = await registerVerified(app);
    const response = await forgot(account.email.toUpperCase());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      msg: 'If an account exists for this email, a reset link has been sent.',
    });
    const link = await resetLinkFor(account.email);
    expect(`${link.origin}${link.pathname}`).toBe('http://ledgerline.test/change-password');
    expect(link.searchParams.get('email')).toBe(account.email);
    expect(Buffer.from(link.searchParams.get('token') ?? '', 'base64url').length * 8).toBeGreaterThanOrEqual(
      128,
    );
    const sink = await mailSink();
    const mail = await sink.waitForMail(account.email, (message) => /reset/i.test(message.subject ?? ''));
    expect(mail.html).toContain(link.href.replaceAll('&', '&amp;'));
  });

  it('answers the same, in similar time, whether or not the account exists, and mails no one unknown', async () => {
    const account = await registerVerified(app);
    const stranger = uniqueEmail('nobody');
    const known = await forgot(account.email);
    const unknown = await forgot(stranger);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);

    // The account lookup and the mail happen after the answer, so both answers take the time of
    // validation alone. Medians of alternating runs keep the machine's noise out.
    const times = { known: [] as number[], unknown: [] as number[] };
    for (let round = 0; round < 15; round++) {
      for (const [kind, email] of [
        ['known', account.email],
        ['unknown', stranger],
      ] as const) {
        const started = process.hrtime.bigint();
        await forgot(email);
        times[kind].push(Number(process.hrtime.bigint() - started) / 1e6);
        // The mail of one round must not slow the next round's answer.
        await app.deferred.settled();
      }
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const [knownMedian, unknownMedian] = [median(times.known), median(times.unknown)];
    // Similar: within 20 ms, or within half of the slower on a machine too busy for milliseconds.
    const tolerance = Math.max(20, Math.max(knownMedian, unknownMedian) / 2);
    expect(Math.abs(knownMedian - unknownMedian)).toBeLessThan(tolerance);
    await app.deferred.settled();
    const sink = await mailSink();
    expect(sink.received.some((mail) => mail.envelopeTo.includes(stranger))).toBe(false);
  });

  it('is rate-limited per address', async () => {
    const address = newAddress();
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt++)
      statuses.push((await forgot(uniqueEmail(), address)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('POST /auth/reset-password', () => {
  it('sets the new password, signs out every session, and the link works once', async () => {
    const account = await registerVerified(app);
    const session = await signIn(app, account);
    const after = (await mailSink()).received.length;
    await forgot(account.email);
    const link = await resetLinkFor(account.email, after);
    const password = strongPassword();

    const response = await reset(resetPayload(link, password));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ msg: 'Your password has been reset. You can now sign in.' });
    expect(await loginStatus(account.email, password)).toBe(200);
    expect(await loginStatus(account.email, account.password)).toBe(401);
    const old = await app.inject({
      method: 'GET',
      url: '/api/v1/users/user-info',
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(old.statusCode).toBe(401);

    const again = await reset(resetPayload(link, strongPassword()));
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toMatch(/not valid or has expired/);
  });

  it('mails the owner that the password was changed, with where from and how to act', async () => {
    const account = await registerVerified(app);
    const after = (await mailSink()).received.length;
    await forgot(account.email);
    const link = await resetLinkFor(account.email, after);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: resetPayload(link, strongPassword()),
      headers: {
        'user-agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:133.0) Gecko/20100101 Firefox/133.0',
      },
      remoteAddress: '198.51.100.23',
    });
    expect(response.statusCode, response.body).toBe(200);
    await app.deferred.settled();
    const mails = (await mailSink()).received.filter(
      (mail) =>
        mail.envelopeTo.includes(account.email) && mail.subject === 'Ledgerline: Your password was changed',
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('The password of your account was changed (through a reset link).');
    expect(mails[0]?.text).toContain('From: Firefox 133 on macOS Sonoma, network 198.51.100.0/24.');
    expect(mails[0]?.text).toContain('http://ledgerline.test/forgot-password');
  });

  it('refuses passwords that differ, naming confirmPassword, and keeps the link usable', async () => {
    const account = await registerVerified(app);
    const after = (await mailSink()).received.length;
    await forgot(account.email);
    const link = await resetLinkFor(account.email, after);
    const mismatch = await reset({
      ...resetPayload(link, strongPassword()),
      confirmPassword: strongPassword(),
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({ msg: 'confirmPassword must match password' });
    expect((await reset(resetPayload(link, strongPassword()))).statusCode).toBe(200);
  });

  it('applies the password policy', async () => {
    const account = await registerVerified(app);
    const after = (await mailSink()).received.length;
    await forgot(account.email);
    const link = await resetLinkFor(account.email, after);
    const common = await reset(resetPayload(link, 'iloveyou'));
    expect(common.statusCode).toBe(400);
    expect(common.json().msg).toMatch(/^password is one of the most commonly used passwords/);
    const short = await reset(resetPayload(link, 'x1!'));
    expect(short.json()).toEqual({ msg: 'password must be at least 8 characters' });
  });

  it('refuses an expired link (1 h), stored hashed', async () => {
    const account = await registerVerified(app);
    const after = (await mailSink()).received.length;
    await forgot(account.email);
    const link = await resetLinkFor(account.email, after);
    const { db } = await testDatabase();
    const [token] = await db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.tokenHash, hashToken(link.searchParams.get('token') ?? '')));
    expect(token?.purpose).toBe('reset_password');
    const validForMinutes = ((token?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(validForMinutes).toBeGreaterThan(59);
    expect(validForMinutes).toBeLessThanOrEqual(60);
    await db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.id, token?.id ?? ''));
    expect((await reset(resetPayload(link, strongPassword()))).statusCode).toBe(400);
  });

  it('a newer link replaces an older one', async () => {
    const account = await registerVerified(app);
    const first = (await mailSink()).received.length;
    await forgot(account.email);
    const older = await resetLinkFor(account.email, first);
    const second = (await mailSink()).received.length;
    await forgot(account.email);
    const newer = await resetLinkFor(account.email, second);
    expect((await reset(resetPayload(older, strongPassword()))).statusCode).toBe(400);
    expect((await reset(resetPayload(newer, strongPassword()))).statusCode).toBe(200);
  });

  it('refuses a token with another email', async () => {
    const account = await registerVerified(app);
    const after = (await mailSink()).received.length;
    await forgot(account.email);
    const link = await resetLinkFor(account.email, after);
    const response = await reset({ ...resetPayload(link, strongPassword()), email: uniqueEmail() });
    expect(response.statusCode).toBe(400);
  });

  it('verifies an unverified address: following the mailed link proves it', async () => {
    const { account } = await register(app);
    const after = (await mailSink()).received.length;
    await forgot(account.email);
    const link = await resetLinkFor(account.email, after);
    const password = strongPassword();
    expect((await reset(resetPayload(link, password))).statusCode).toBe(200);
    const { db } = await testDatabase();
    const [user] = await db
      .select()
      .from(users)
      .where(and(eq(users.email, account.email)));
    expect(user?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await loginStatus(account.email, password)).toBe(200);
  });
});
