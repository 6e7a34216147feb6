import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config/config';
import { users } from '../../db/schema';
import { loggerOptions } from '../../http/logging';
import { newAddress, signedInInvestor, userIdOf } from '../../testing/accounts';
import { createTestApp, testSecretsKey } from '../../testing/app';
import { testDatabase } from '../../testing/database';
import { SealedSecretError, secretBox } from './sealed-secrets';
import { totpCode } from './totp';
import { sealUnsealedTwoFactorSecrets } from './unsealed-secrets';

const box = secretBox(Buffer.from(testSecretsKey, 'hex'));

describe('a secret box', () => {
  it('seals to v1:<iv>:<tag>:<ciphertext> in base64url, a fresh IV each time, and opens it back', () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const first = box.seal(secret, 'owner-1');
    const second = box.seal(secret, 'owner-1');
    expect(first).toMatch(/^v1:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]+$/);
    expect(first).not.toContain(secret);
    expect(second).not.toBe(first);
    expect(box.open(first, 'owner-1')).toBe(secret);
    expect(box.open(second, 'owner-1')).toBe(secret);
  });

  it('refuses, never guesses: another key, another owner, an altered value', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'owner-1');
    expect(() => secretBox(randomBytes(32)).open(sealed, 'owner-1')).toThrow(SealedSecretError);
    expect(() => secretBox(randomBytes(32)).open(sealed, 'owner-1')).toThrow(
      /does not open with SECRETS_KEY/,
    );
    expect(() => box.open(sealed, 'owner-2')).toThrow(SealedSecretError);
    const [version, iv, tag, ciphertext] = sealed.split(':');
    const flipped = `${ciphertext?.startsWith('A') ? 'B' : 'A'}${ciphertext?.slice(1)}`;
    expect(() => box.open([version, iv, tag, flipped].join(':'), 'owner-1')).toThrow(SealedSecretError);
    expect(() => box.open('v1:only-two:parts', 'owner-1')).toThrow(SealedSecretError);
    expect(() => box.open('not base32 and not sealed', 'owner-1')).toThrow(SealedSecretError);
  });

  it('reads a secret stored before sealing (base32, no version) as it is', () => {
    expect(box.open('JBSWY3DPEHPK3PXP', 'owner-1')).toBe('JBSWY3DPEHPK3PXP');
  });
});

describe('two-factor secrets in the database', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
    return () => app.close();
  });

  // A code is accepted once per 30-second step: each use takes the next step's code.
  let clock = Date.now();
  beforeEach(() => {
    clock = Date.now();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  function nextStep(): Date {
    clock += 30_000;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(clock);
    return new Date(clock);
  }

  type Investor = Awaited<ReturnType<typeof signedInInvestor>>;
  const post = (target: FastifyInstance, url: string, payload: object, caller?: Investor) =>
    target.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      headers: caller?.headers ?? {},
      remoteAddress: newAddress(),
      payload,
    });

  async function storedSecrets(email: string) {
    const { db } = await testDatabase();
    const [row] = await db
      .select({ secret: users.twoFactorSecret, pending: users.twoFactorPendingSecret })
      .from(users)
      .where(eq(users.email, email));
    return row;
  }

  /** Sets two-factor up, checking what is stored while the secret waits for its first code. */
  async function enrol(investor: Investor) {
    const setup = await post(app, '/auth/two-factor/setup', {}, investor);
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json() as { secret: string };
    const waiting = await storedSecrets(investor.email);
    expect(waiting?.pending).toMatch(/^v1:/);
    expect(waiting?.pending).not.toContain(secret);
    const enabled = await post(
      app,
      '/auth/two-factor/enable',
      { password: investor.password, code: totpCode(secret, nextStep()) },
      investor,
    );
    expect(enabled.statusCode, enabled.body).toBe(200);
    return secret;
  }

  /** Signs in with the password, then a code from the app: answers the second step's response. */
  async function signInWithCode(target: FastifyInstance, investor: Investor, code: string) {
    const first = await post(target, '/auth/login', { email: investor.email, password: investor.password });
    expect(first.statusCode, first.body).toBe(200);
    return post(target, '/auth/login/two-factor', { challenge: first.json().challenge, code });
  }

  it('stores the secret sealed, never in clear, and codes from the app still work', async () => {
    const investor = await signedInInvestor(app);
    const secret = await enrol(investor);
    const stored = await storedSecrets(investor.email);
    expect(stored?.pending).toBeNull();
    expect(stored?.secret).toMatch(/^v1:/);
    expect(stored?.secret).not.toBe(secret);
    expect(stored?.secret).not.toContain(secret);
    const signedIn = await signInWithCode(app, investor, totpCode(secret, nextStep()));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().token).toEqual(expect.any(String));
  });

  it('seals at start a secret stored in clear by an earlier version; its codes keep working', async () => {
    const investor = await signedInInvestor(app);
    const secret = await enrol(investor);
    const { db } = await testDatabase();
    // As an earlier version stored them: the secret, and a new one waiting for its code, in clear.
    const waiting = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    await db
      .update(users)
      .set({ twoFactorSecret: secret, twoFactorPendingSecret: waiting })
      .where(eq(users.email, investor.email));

    expect(await sealUnsealedTwoFactorSecrets(db, box)).toBeGreaterThanOrEqual(1);
    const stored = await storedSecrets(investor.email);
    expect(stored?.secret).toMatch(/^v1:/);
    expect(stored?.pending).toMatch(/^v1:/);
    const owner = await userIdOf(investor.email);
    expect(box.open(stored?.secret ?? '', owner)).toBe(secret);
    expect(box.open(stored?.pending ?? '', owner)).toBe(waiting);
    // Sealed once: the next start finds nothing to seal and changes nothing.
    expect(await sealUnsealedTwoFactorSecrets(db, box)).toBe(0);
    expect((await storedSecrets(investor.email))?.secret).toBe(stored?.secret);

    const signedIn = await signInWithCode(app, investor, totpCode(secret, nextStep()));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  });

  it('with another SECRETS_KEY, refuses every code with an error in the log, and keeps serving', async () => {
    const investor = await signedInInvestor(app);
    const secret = await enrol(investor);
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const otherKey = await createTestApp(
      { SECRETS_KEY: randomBytes(32).toString('base64') },
      { logger: { ...loggerOptions(loadConfig({ LOG_LEVEL: 'info' })), stream } },
    );
    try {
      const code = totpCode(secret, nextStep());
      const refused = await signInWithCode(otherKey, investor, code);
      expect(refused.statusCode).toBe(500);
      expect(refused.json()).toEqual({ msg: 'Something went wrong on our side. Please try again.' });
      expect(refused.json()).not.toHaveProperty('token');
      const errors = lines.map((line) => JSON.parse(line)).filter((entry) => entry.level >= 50);
      expect(errors).toContainEqual(
        expect.objectContaining({
          msg: 'request failed',
          err: expect.objectContaining({ message: expect.stringMatching(/does not open with SECRETS_KEY/) }),
        }),
      );
      // The server is up and answers everything else.
      expect((await otherKey.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      // Nothing was spent: the same code signs in where the right key is.
      const signedIn = await signInWithCode(app, investor, code);
      expect(signedIn.statusCode, signedIn.body).toBe(200);
    } finally {
      await otherKey.close();
    }
  });
});
