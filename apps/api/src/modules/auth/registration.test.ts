import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, users } from '../../db/schema';
import {
  newAddress,
  register,
  registerVerified,
  registration,
  signIn,
  strongPassword,
  uniqueEmail,
} from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { expectContract } from '../../testing/contract';
import { testDatabase } from '../../testing/database';
import { mailSink } from '../../testing/mail-sink';
import { hashToken } from './tokens';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function post(payload: unknown, remoteAddress = newAddress()) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: payload as object,
    remoteAddress,
  });
  await expectContract('registerUser', response);
  return response;
}

async function userByEmail(email: string) {
  const { db } = await testDatabase();
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user;
}

describe('POST /auth/register', () => {
  it('creates an unverified account with a lower-cased email, the fullname as typed and the country name as sent', async () => {
    const email = uniqueEmail('Jane.Doe').replace('@example.com', '@Example.COM');
    const { account } = await register(app, {
      email,
      fullname: "  Anne-Marie O'Neil van DOE ",
      country: 'United Kingdom',
      phone: '07700 900123',
    });
    expect(account.email).toBe(email.toLowerCase());
    const user = await userByEmail(email.toLowerCase());
    expect(user).toMatchObject({
      email: email.toLowerCase(),
      fullname: "Anne-Marie O'Neil van DOE",
      country: 'United Kingdom',
      phone: '+447700900123',
      investmentGoal: 'retirement',
      role: 'user',
      emailVerifiedAt: null,
    });
    expect(user?.referralCode).toMatch(/^[a-z0-9]{8}$/);
  });

  it('mails PUBLIC_URL/verify-email?email=…&verificationToken=…, in HTML and plain text, storing only the hash', async () => {
    const { account, link, mail } = await register(app);
    expect(`${link.origin}${link.pathname}`).toBe('http://ledgerline.test/verify-email');
    expect(link.searchParams.get('email')).toBe(account.email);
    const token = link.searchParams.get('verificationToken') ?? '';
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(mail.html).toContain(link.href.replaceAll('&', '&amp;'));
    expect(mail.text).toContain(link.href);
    expect(mail.from?.address).toBe('no-reply@ledgerline.local');

    const { db } = await testDatabase();
    const stored = await db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.tokenHash, hashToken(token)));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.purpose).toBe('verify_email');
    const leaked = await db.select().from(accountTokens).where(eq(accountTokens.tokenHash, token));
    expect(leaked).toHaveLength(0);
    // Valid for 24 hours.
    const validForHours = ((stored[0]?.expiresAt.getTime() ?? 0) - Date.now()) / 3_600_000;
    expect(validForHours).toBeGreaterThan(23.9);
    expect(validForHours).toBeLessThanOrEqual(24);
  });

  it('stores the password as argon2id, never in clear', async () => {
    const { account } = await register(app);
    const user = await userByEmail(account.email);
    expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user?.passwordHash).not.toContain(account.password);
  });

  it('links the referrer by referral code, looked up case-insensitively', async () => {
    const { account: referrer } = await register(app);
    const code = (await userByEmail(referrer.email))?.referralCode ?? '';
    const { account } = await register(app, { referredBy: code.toUpperCase() });
    const referrerId = (await userByEmail(referrer.email))?.id;
    expect((await userByEmail(account.email))?.referredById).toBe(referrerId);
  });

  it('treats an empty referredBy as none', async () => {
    const { account } = await register(app, { referredBy: '' });
    expect((await userByEmail(account.email))?.referredById).toBeNull();
  });

  it('refuses an unknown referral code with 400 and a clear msg, creating nothing', async () => {
    const payload = registration({ referredBy: 'nosuchcode' });
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toMatch(/^referredBy is not a known referral code/);
    expect(await userByEmail(payload.email)).toBeUndefined();
  });

  it('answers an email that has an account exactly as a new one, and mails its owner instead', async () => {
    const owner = await registerVerified(app);
    const sink = await mailSink();
    const before = sink.received.length;
    const payload = registration({ email: owner.email.toUpperCase(), fullname: 'visit evil.example now' });
    const taken = await post(payload);
    const fresh = await post(registration());
    expect(taken.statusCode).toBe(201);
    expect(taken.body).toBe(fresh.body);

    const notice = await sink.waitForMail(
      owner.email,
      (mail) => /tried to create/.test(mail.subject ?? '') && sink.received.indexOf(mail) >= before,
    );
    // Nothing the person signing up typed reaches the owner's inbox.
    expect(`${notice.subject} ${notice.text} ${notice.html}`).not.toMatch(/evil/);
    expect(notice.text).toContain('http://ledgerline.test/sign-in');
    await app.deferred.settled();
    const { db } = await testDatabase();
    const [{ accounts } = { accounts: 0 }] = await db
      .select({ accounts: count() })
      .from(users)
      .where(eq(users.email, owner.email));
    expect(accounts).toBe(1);
    // The owner's password still signs in: nothing of theirs changed.
    expect((await signIn(app, owner)).role).toBe('user');
  });

  it('answers in similar time whether or not the email has an account', async () => {
    const owner = await registerVerified(app);
    const times = { taken: [] as number[], fresh: [] as number[] };
    for (let round = 0; round < 11; round++) {
      for (const kind of ['taken', 'fresh'] as const) {
        const payload = registration(kind === 'taken' ? { email: owner.email } : {});
        const started = process.hrtime.bigint();
        expect((await post(payload)).statusCode).toBe(201);
        times[kind].push(Number(process.hrtime.bigint() - started) / 1e6);
        // The work after one answer (a password hash, a mail) must not slow the next answer.
        await app.deferred.settled();
      }
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const [takenMedian, freshMedian] = [median(times.taken), median(times.fresh)];
    // Similar: within 20 ms, or within half of the slower on a machine too busy for milliseconds. The
    // password hash alone (tens of ms) would show, were it made before the answer for new emails only.
    const tolerance = Math.max(20, Math.max(takenMedian, freshMedian) / 2);
    expect(Math.abs(takenMedian - freshMedian)).toBeLessThan(tolerance);
  });

  it('puts nothing typed in the mail to the unverified address: not the name', async () => {
    const { mail } = await register(app, { fullname: 'call +1 555 0100 to claim' });
    expect(`${mail.subject} ${mail.text} ${mail.html}`).not.toMatch(/claim|555 0100/);
  });

  describe('password policy', () => {
    it('refuses fewer than 8 characters, naming password', async () => {
      const response = await post(registration({ password: 'k7#Qz!p' }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ msg: 'password must be at least 8 characters' });
    });

    it.each(['password', 'qwertyuiop', 'iloveyou', 'Password1', 'baseball'])(
      'refuses the commonly breached password %s',
      async (password) => {
        const response = await post(registration({ password }));
        expect(response.statusCode).toBe(400);
        expect(response.json().msg).toMatch(/^password is one of the most commonly used passwords/);
      },
    );

    it('accepts 8 characters, and long passwords whole, with no truncation', async () => {
      await register(app, { password: 'k7#Qz!pw' });
      const long = `${'correct horse battery staple '.repeat(10)}!`; // 291 characters
      const account = await registerVerified(app, { password: long });
      await signIn(app, account);
      const truncated = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: account.email, password: long.slice(0, 72) },
        remoteAddress: newAddress(),
      });
      await expectContract('login', truncated);
      expect(truncated.statusCode).toBe(401);
    });

    it('counts characters, not bytes: eight emoji are eight characters', async () => {
      await register(app, { password: '🦊🐙🦉🐳🦋🐝🦎🐢' });
    });
  });

  it('refuses something that is not a phone number', async () => {
    const response = await post(registration({ phone: 'call me maybe' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toMatch(/^phone must be a phone number/);
  });

  it.each([
    ['a US number in US format', 'United States', '(555) 123-4567', '+15551234567'],
    ['a US number with +1', 'United States', '+1 (555) 123-4567', '+15551234567'],
    ['a UK number as written there', 'United Kingdom', '07700 900123', '+447700900123'],
    ['a UK number in international form, from the US', 'United States', '+44 7700 900123', '+447700900123'],
    ['a German number as written there', 'Germany', '030 901820', '+4930901820'],
  ])('keeps %s in E.164', async (_, country, phone, stored) => {
    const { account } = await register(app, { country, phone });
    expect((await userByEmail(account.email))?.phone).toBe(stored);
  });

  it.each([
    ['too short for the country', 'United Kingdom', '0770 09'],
    ['too long for the US', 'United States', '(555) 123-45678'],
    ['a national number where the territory has no plan of its own', 'Antarctica', '07700 900123'],
    ['a country code that does not exist', 'United States', '+999 1234 5678'],
  ])('refuses a phone number %s, creating nothing', async (_, country, phone) => {
    const payload = registration({ country, phone });
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toMatch(/^phone must be a phone number as written in the chosen country/);
    expect(await userByEmail(payload.email)).toBeUndefined();
  });

  it.each([
    ['a wrong type', { fullname: 42 }, 'fullname must be string'],
    ['an extra field', { role: 'admin' }, 'role is not an accepted field'],
    ['an over-long fullname', { fullname: 'x'.repeat(101) }, 'fullname must be at most 100 characters'],
    ['an invalid email', { email: 'jane@' }, 'email must be a valid email address'],
    ['a missing country', { country: undefined }, 'country is required'],
  ])('refuses %s with 400 naming the field, before any write', async (_case, change, msg) => {
    const { db } = await testDatabase();
    const [before] = await db.select({ n: count() }).from(users);
    const response = await post({ ...registration(), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ msg });
    const [after] = await db.select({ n: count() }).from(users);
    expect(after?.n).toBe(before?.n);
  });

  it('is rate-limited per client address: 429 with Retry-After', async () => {
    const address = newAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      // Invalid on purpose: the limit counts every attempt, and these cost no password hash.
      const response = await post({ ...registration(), password: 'short' }, address);
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
        expect(response.json().msg).toMatch(/^Too many requests/);
      }
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Another address is not affected.
    expect((await post({ ...registration(), password: strongPassword() })).statusCode).toBe(201);
  });
});
