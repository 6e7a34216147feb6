import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInChallenges, recoveryCodes as storedRecoveryCodes, users } from '../../db/schema';
import {
  newAddress,
  resetPasswordByMail,
  signedInAdmin,
  signedInInvestor,
  signIn,
  strongPassword,
  uniqueEmail,
  userIdOf,
} from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { expectContract } from '../../testing/contract';
import { testDatabase } from '../../testing/database';
import { mailSink } from '../../testing/mail-sink';
import { createWallets, fundedInvestor, requestWithdrawal } from '../../testing/money';
import { emailChangeCodeNeededMessage } from './email-change';
import { failedSignInLimits } from './failed-sign-ins';
import { sweepEnded } from './housekeeping';
import { hashRecoveryCode, normalisedRecoveryCode, totpCode } from './totp';
import { challengeExpiredMessage, wrongCodeMessage } from './two-factor';

let app: FastifyInstance;
let strict: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp();
  strict = await createTestApp({ ADMIN_TWO_FACTOR: 'required' });
  return async () => {
    await app.close();
    await strict.close();
  };
});

afterEach(() => {
  vi.useRealTimers();
});

/**
 * The clock the server and the app share, moved a 30-second step at a time: a code is accepted once,
 * so each use needs the next step's code, as a person waiting for their app's next code would.
 */
let clock = Date.now();
// Each test starts the clock at the real time: run on across tests, it would soon pass the end of the
// failed-sign-in windows that the test opened at the real time, before its first step.
beforeEach(() => {
  clock = Date.now();
});
function nextStep(): Date {
  return advance(30_000);
}

/** Moves the shared clock `ms` on: the server's next request, and the code made for it, are then. */
function advance(ms: number): Date {
  clock += ms;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(clock);
  return new Date(clock);
}

type Caller = { email: string; password: string; headers: { authorization: string } };

function call(
  target: FastifyInstance,
  caller: Caller | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  payload?: object,
) {
  return target.inject({
    method,
    url: `/api/v1${url}`,
    headers: caller?.headers ?? {},
    remoteAddress: newAddress(),
    ...(payload ? { payload } : {}),
  });
}

/** Turns two-factor on for `caller`: answers the secret and the recovery codes. */
async function enrol(caller: Caller, target = app) {
  const setup = await call(target, caller, 'POST', '/auth/two-factor/setup');
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const enabled = await call(target, caller, 'POST', '/auth/two-factor/enable', {
    password: caller.password,
    code: totpCode(secret, nextStep()),
  });
  expect(enabled.statusCode, enabled.body).toBe(200);
  return { secret, recoveryCodes: enabled.json().recoveryCodes as string[] };
}

async function login(caller: Caller, target = app) {
  const response = await call(target, null, 'POST', '/auth/login', {
    email: caller.email,
    password: caller.password,
  });
  await expectContract('login', response);
  return response;
}

function finish(challenge: string, code: string, target = app) {
  return call(target, null, 'POST', '/auth/login/two-factor', { challenge, code });
}

/** Turns the account's "Save my Activity Logs" switch on or off. */
async function saveActivity(caller: Caller, on: boolean) {
  const response = await call(app, caller, 'PATCH', '/users/user-info', { activityLogStatus: on });
  expect(response.statusCode, response.body).toBe(200);
}

/** The account's activity log, newest first: each entry's kind and detail. */
async function activityOf(caller: Caller) {
  const response = await call(app, caller, 'GET', '/users/activity?limit=50');
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().items as { kind: string; detail: string | null }[]).map(({ kind, detail }) => ({
    kind,
    detail,
  }));
}

/** The subjects of the security mails `email` received, once the deferred mail has gone. */
async function securityMailTo(email: string) {
  await app.deferred.settled();
  return (await mailSink()).received
    .filter((mail) => mail.envelopeTo.includes(email) && mail.subject?.startsWith('Ledgerline: '))
    .map((mail) => mail.subject);
}

/**
 * The modules of the QR code in a PNG data URL, as a scanner reads them: the quiet zone is found on
 * the diagonal, the symbol's width on its top row (both top finder patterns lie on it), the number of
 * modules from the top-left finder pattern's share of that width, and each module is read at its centre.
 */
async function qrModulesIn(dataUrl: string): Promise<boolean[][]> {
  const png = Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
  const { data, info } = await sharp(png)
    .flatten({ background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const dark = (x: number, y: number) => (data[(y * info.width + x) * info.channels] ?? 255) < 128;
  let margin = 0;
  while (margin < info.width && !dark(margin, margin)) margin++;
  let right = info.width - 1;
  while (right > margin && !dark(right, margin)) right--;
  const symbolWidth = right - margin + 1;
  const finderWidth = Array.from({ length: symbolWidth }, (_, x) => dark(margin + x, margin)).indexOf(false);
  // A finder pattern is 7 modules wide; a symbol is 17 + 4 × its version modules wide.
  const size = 17 + 4 * Math.round(((symbolWidth * 7) / finderWidth - 17) / 4);
  const scale = symbolWidth / size;
  return Array.from({ length: size }, (_, row) =>
    Array.from({ length: size }, (_, column) =>
      dark(Math.floor(margin + (column + 0.5) * scale), Math.floor(margin + (row + 0.5) * scale)),
    ),
  );
}

describe('turning two-factor on', () => {
  it('shows a secret as text and as a server-drawn QR code, kept by no cache, and needs a right code', async () => {
    const investor = await signedInInvestor(app);
    const setup = await call(app, investor, 'POST', '/auth/two-factor/setup');
    await expectContract('setupTwoFactor', setup);
    expect(setup.headers['cache-control']).toBe('no-store');
    const { secret, otpauthUri, qrCode } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(otpauthUri).toContain(encodeURIComponent(investor.email));
    expect(qrCode).toMatch(/^data:image\/png;base64,/);
    // What an app scanning the picture reads is the otpauth URI answered beside it, and nothing else.
    const uriSymbol = QRCode.create(otpauthUri, { errorCorrectionLevel: 'M' }).modules;
    expect(await qrModulesIn(qrCode)).toEqual(
      Array.from({ length: uriSymbol.size }, (_, row) =>
        Array.from(uriSymbol.data.subarray(row * uriSymbol.size, (row + 1) * uriSymbol.size), Boolean),
      ),
    );

    const wrong = await call(app, investor, 'POST', '/auth/two-factor/enable', {
      password: investor.password,
      code: '000000',
    });
    await expectContract('enableTwoFactor', wrong);
    expect(wrong.statusCode).toBe(400);
    expect((await call(app, investor, 'GET', '/auth/security')).json().twoFactorEnabled).toBe(false);

    const enabled = await call(app, investor, 'POST', '/auth/two-factor/enable', {
      password: investor.password,
      code: totpCode(secret, nextStep()),
    });
    await expectContract('enableTwoFactor', enabled);
    expect(enabled.statusCode, enabled.body).toBe(200);
    const codes = enabled.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);

    const security = await call(app, investor, 'GET', '/auth/security');
    await expectContract('getSecurity', security);
    expect(security.json()).toEqual({
      twoFactorEnabled: true,
      twoFactorEnabledAt: expect.any(String),
      recoveryCodesLeft: 10,
      twoFactorRequired: false,
      withdrawalsPausedUntil: null,
      antiPhishingPhrase: null,
    });
    expect((await call(app, investor, 'POST', '/auth/two-factor/setup')).statusCode).toBe(409);
  });

  it('keeps only the hashes of the recovery codes', async () => {
    const investor = await signedInInvestor(app);
    const { recoveryCodes } = await enrol(investor);
    const { db } = await testDatabase();
    const stored = await db
      .select({ codeHash: storedRecoveryCodes.codeHash })
      .from(storedRecoveryCodes)
      .where(eq(storedRecoveryCodes.userId, await userIdOf(investor.email)));
    const hashes = stored.map((row) => row.codeHash);
    expect(hashes.sort()).toEqual(recoveryCodes.map(hashRecoveryCode).sort());
    for (const code of recoveryCodes) {
      for (const hash of hashes) {
        expect(hash).not.toContain(normalisedRecoveryCode(code));
        expect(hash).not.toContain(code);
      }
    }
  });

  it('refuses to turn on without a setup first', async () => {
    const investor = await signedInInvestor(app);
    const response = await call(app, investor, 'POST', '/auth/two-factor/enable', {
      password: investor.password,
      code: '123456',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toMatch(/Start the setup first/);
  });

  it('needs the password: a session alone cannot turn it on, and wrong passwords count as failed sign-ins', async () => {
    const investor = await signedInInvestor(app);
    const setup = await call(app, investor, 'POST', '/auth/two-factor/setup');
    const { secret } = setup.json() as { secret: string };
    const withoutPassword = await call(app, investor, 'POST', '/auth/two-factor/enable', {
      code: totpCode(secret, nextStep()),
    });
    await expectContract('enableTwoFactor', withoutPassword);
    expect(withoutPassword.statusCode).toBe(400);
    const answers = [];
    for (let index = 0; index <= failedSignInLimits.perAccount.max; index++) {
      const wrong = await call(app, investor, 'POST', '/auth/two-factor/enable', {
        password: 'not-my-password-9',
        code: totpCode(secret, nextStep()),
      });
      await expectContract('enableTwoFactor', wrong);
      answers.push(wrong.statusCode);
    }
    expect(answers).toEqual([400, 400, 400, 400, 400, 429]);
    expect((await login(investor)).statusCode).toBe(429);
    expect((await call(app, investor, 'GET', '/auth/security')).json().twoFactorEnabled).toBe(false);
  });
});

describe('signing in with two-factor on', () => {
  it('gives no session for the password alone, and one for the code, each code once', async () => {
    const investor = await signedInInvestor(app);
    const { secret } = await enrol(investor);
    const first = await login(investor);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      twoFactorRequired: true,
      challenge: expect.any(String),
      expiresAt: expect.any(String),
    });
    expect(first.json()).not.toHaveProperty('token');

    const code = totpCode(secret, nextStep());
    const signedIn = await finish(first.json().challenge, code);
    await expectContract('loginTwoFactor', signedIn);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const token = signedIn.json().token as string;
    expect(
      (
        await call(
          app,
          { ...investor, headers: { authorization: `Bearer ${token}` } },
          'GET',
          '/auth/security',
        )
      ).statusCode,
    ).toBe(200);

    // The challenge is finished, and the code spent: neither signs in again.
    expect((await finish(first.json().challenge, totpCode(secret, nextStep()))).json()).toEqual({
      msg: 'This sign-in has expired. Please sign in again.',
    });
    const second = await login(investor);
    const replayed = await finish(second.json().challenge, code);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().msg).toMatch(/already used/);
    // A wrong code leaves the challenge open for the right one.
    expect((await finish(second.json().challenge, '000000')).statusCode).toBe(401);
    expect((await finish(second.json().challenge, totpCode(secret, nextStep()))).statusCode).toBe(200);
  });

  it('takes a recovery code once in place of a code', async () => {
    const investor = await signedInInvestor(app);
    const { recoveryCodes } = await enrol(investor);
    const code = recoveryCodes[3] ?? '';
    const used = await finish((await login(investor)).json().challenge, code.toUpperCase().replace('-', ' '));
    expect(used.statusCode, used.body).toBe(200);
    const again = await finish((await login(investor)).json().challenge, code);
    expect(again.statusCode).toBe(401);
    const security = await call(
      app,
      { ...investor, headers: { authorization: `Bearer ${used.json().token}` } },
      'GET',
      '/auth/security',
    );
    expect(security.json().recoveryCodesLeft).toBe(9);
  });

  it('lets a challenge live five minutes: a right code a second before the end signs in, at the end not', async () => {
    const investor = await signedInInvestor(app);
    const { secret } = await enrol(investor);
    const started = nextStep();
    const inTime = (await login(investor)).json();
    expect(Date.parse(inTime.expiresAt) - started.getTime()).toBe(5 * 60_000);
    const justInside = await finish(inTime.challenge, totpCode(secret, advance(5 * 60_000 - 1_000)));
    expect(justInside.statusCode, justInside.body).toBe(200);

    const startedAgain = nextStep();
    const tooLate = (await login(investor)).json();
    expect(Date.parse(tooLate.expiresAt) - startedAgain.getTime()).toBe(5 * 60_000);
    const atTheEnd = await finish(tooLate.challenge, totpCode(secret, advance(5 * 60_000)));
    await expectContract('loginTwoFactor', atTheEnd);
    expect(atTheEnd.statusCode).toBe(401);
    expect(atTheEnd.json()).toEqual({ msg: challengeExpiredMessage });
  });

  it('counts wrong codes as failed sign-ins of the account', async () => {
    const investor = await signedInInvestor(app);
    const { secret } = await enrol(investor);
    const { challenge } = (await login(investor)).json();
    const answers = [];
    for (let index = 0; index < 6; index++) answers.push((await finish(challenge, '000000')).statusCode);
    expect(answers).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await finish(challenge, totpCode(secret, nextStep()))).statusCode).toBe(429);
  });
});

describe('a sign-in begun with the password', () => {
  it('cannot be finished once the password is changed', async () => {
    const investor = await signedInInvestor(app);
    const { secret } = await enrol(investor);
    const { challenge } = (await login(investor)).json();
    const changed = await call(app, investor, 'PATCH', '/users/user-info', {
      currentPassword: investor.password,
      newPassword: strongPassword(),
      twoFactorCode: totpCode(secret, nextStep()),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const finished = await finish(challenge, totpCode(secret, nextStep()));
    expect(finished.statusCode).toBe(401);
    expect(finished.json()).toEqual({ msg: challengeExpiredMessage });
  });

  it('cannot be finished once the password is reset', async () => {
    const investor = await signedInInvestor(app);
    const { secret } = await enrol(investor);
    const { challenge } = (await login(investor)).json();
    await resetPasswordByMail(app, investor.email);
    const finished = await finish(challenge, totpCode(secret, nextStep()));
    expect(finished.statusCode).toBe(401);
    expect(finished.json()).toEqual({ msg: challengeExpiredMessage });
  });

  it('mails the owner once at the third wrong code: someone else may know the password', async () => {
    const investor = await signedInInvestor(app);
    await enrol(investor);
    const subject = 'Ledgerline: Your password was used with wrong codes';
    const { challenge } = (await login(investor)).json();
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await finish(challenge, '000000')).statusCode).toBe(401);
      const told = (await securityMailTo(investor.email)).filter((mail) => mail === subject);
      expect(told, `after wrong code ${attempt}`).toHaveLength(attempt < 3 ? 0 : 1);
    }
  });

  it('is deleted by the sweep once it has expired; a live one stays', async () => {
    const investor = await signedInInvestor(app);
    await enrol(investor);
    const { db } = await testDatabase();
    const userId = await userIdOf(investor.email);
    await login(investor);
    await db.insert(signInChallenges).values({
      userId,
      tokenHash: `expired-${crypto.randomUUID()}`,
      expiresAt: new Date(Date.now() - 1_000),
    });
    const ofUser = async () =>
      (await db.select().from(signInChallenges).where(eq(signInChallenges.userId, userId))).map(
        (row) => row.expiresAt > new Date(),
      );
    expect((await ofUser()).sort()).toEqual([false, true]);
    await sweepEnded(db);
    expect(await ofUser()).toEqual([true]);
  });
});

describe('the activity log, with two-factor on', () => {
  it('records a wrong code at the second step as a failed sign-in, only while the switch is on', async () => {
    const investor = await signedInInvestor(app);
    // On for a new account: turned off first, nothing more is written.
    await saveActivity(investor, false);
    const { secret } = await enrol(investor);
    const offAt = await activityOf(investor);
    const { challenge } = (await login(investor)).json();
    expect((await finish(challenge, '000000')).statusCode).toBe(401);
    expect(await activityOf(investor)).toEqual(offAt);

    await saveActivity(investor, true);
    const onAt = await activityOf(investor);
    const wrong = await finish(challenge, '000000');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ msg: wrongCodeMessage });
    // The test's clock stands still between code steps: entries of one instant are in no told order.
    const failed = await activityOf(investor);
    expect(failed).toHaveLength(onAt.length + 1);
    expect(failed).toEqual(
      expect.arrayContaining([{ kind: 'sign_in_failed', detail: 'Wrong two-factor code' }, ...onAt]),
    );
    expect((await finish(challenge, totpCode(secret, nextStep()))).statusCode).toBe(200);
    const signedIn = await activityOf(investor);
    expect(signedIn[0]?.kind).toBe('sign_in');
    expect(signedIn.slice(1)).toEqual(failed);
  });

  it('records two-factor turned on and off and recovery codes used, only while the switch is on', async () => {
    const investor = await signedInInvestor(app);
    const turnOnAndOff = async () => {
      const { secret, recoveryCodes } = await enrol(investor);
      const { challenge } = (await login(investor)).json();
      expect((await finish(challenge, recoveryCodes[0] ?? '')).statusCode).toBe(200);
      const off = await call(app, investor, 'POST', '/auth/two-factor/disable', {
        password: investor.password,
        code: totpCode(secret, nextStep()),
      });
      expect(off.statusCode, off.body).toBe(200);
    };
    // On for a new account: turned off first, nothing more is written.
    await saveActivity(investor, false);
    const offAt = await activityOf(investor);
    await turnOnAndOff();
    expect(await activityOf(investor)).toEqual(offAt);

    await saveActivity(investor, true);
    const onAt = await activityOf(investor);
    await turnOnAndOff();
    // A recovery code's sign-in records two entries at once: their order is not told.
    const all = await activityOf(investor);
    expect(all.slice(all.length - onAt.length)).toEqual(onAt);
    expect(
      all
        .slice(0, all.length - onAt.length)
        .map((entry) => entry.kind)
        .sort(),
    ).toEqual(['recovery_code_used', 'sign_in', 'two_factor_disabled', 'two_factor_enabled']);
  });
});

describe('security mail, with two-factor', () => {
  it('tells the owner when two-factor is turned on, a recovery code is used, and it is turned off', async () => {
    const investor = await signedInInvestor(app);
    const { secret, recoveryCodes } = await enrol(investor);
    expect(await securityMailTo(investor.email)).toEqual(['Ledgerline: Two-factor authentication is on']);

    const { challenge } = (await login(investor)).json();
    expect((await finish(challenge, recoveryCodes[0] ?? '')).statusCode).toBe(200);
    expect(await securityMailTo(investor.email)).toEqual([
      'Ledgerline: Two-factor authentication is on',
      'Ledgerline: A recovery code was used',
    ]);

    const off = await call(app, investor, 'POST', '/auth/two-factor/disable', {
      password: investor.password,
      code: totpCode(secret, nextStep()),
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await securityMailTo(investor.email)).toEqual([
      'Ledgerline: Two-factor authentication is on',
      'Ledgerline: A recovery code was used',
      'Ledgerline: Two-factor authentication is off',
    ]);
  });
});

describe('withdrawals with two-factor on', () => {
  it('need a fresh code each', async () => {
    const admin = await signedInAdmin(app);
    await createWallets(app, admin);
    const investor = await fundedInvestor(app, admin, '100');
    const { secret } = await enrol(investor);
    const without = await requestWithdrawal(app, investor, '10');
    expect(without.statusCode).toBe(403);
    expect(without.json().msg).toMatch(/^Enter the code from your authenticator app/);
    const code = totpCode(secret, nextStep());
    const withCode = await requestWithdrawal(app, investor, '10', { twoFactorCode: code });
    expect(withCode.statusCode, withCode.body).toBe(201);
    const replayed = await requestWithdrawal(app, investor, '10', { twoFactorCode: code });
    expect(replayed.statusCode).toBe(403);
  });

  it('count wrong codes as failed sign-ins of the account', async () => {
    const admin = await signedInAdmin(app);
    await createWallets(app, admin);
    const investor = await fundedInvestor(app, admin, '100');
    const { secret } = await enrol(investor);
    const { max } = failedSignInLimits.perAccount;
    for (let index = 0; index < max; index++) {
      const wrong = await requestWithdrawal(app, investor, '10', { twoFactorCode: '000000' });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toEqual({ msg: wrongCodeMessage });
    }
    const right = await requestWithdrawal(app, investor, '10', {
      twoFactorCode: totpCode(secret, nextStep()),
    });
    expect(right.statusCode).toBe(429);
    expect((await login(investor)).statusCode).toBe(429);
  });

  it('do not count a right code as a failed sign-in when the withdrawal is refused for another reason', async () => {
    const admin = await signedInAdmin(app);
    await createWallets(app, admin);
    const investor = await fundedInvestor(app, admin, '20');
    const { secret } = await enrol(investor);
    const { max } = failedSignInLimits.perAccount;
    // More refusals than the failures allowed: over the balance, then to an address the lock refuses.
    for (let index = 0; index < max; index++) {
      const tooMuch = await requestWithdrawal(app, investor, '50', {
        twoFactorCode: totpCode(secret, nextStep()),
      });
      expect(tooMuch.statusCode).toBe(400);
      expect(tooMuch.json().msg).toMatch(/^amount is more than your available balance/);
    }
    const lockOn = await call(app, investor, 'PUT', '/users/withdrawal-address-lock', { enabled: true });
    expect(lockOn.statusCode, lockOn.body).toBe(200);
    const unsaved = await requestWithdrawal(app, investor, '5', {
      twoFactorCode: totpCode(secret, nextStep()),
    });
    expect(unsaved.statusCode).toBe(403);
    expect(unsaved.json()).toEqual({
      msg: 'Withdrawals are locked to your saved addresses: save this address first.',
    });

    // The owner still signs in with a code.
    const { challenge } = (await login(investor)).json();
    const signedIn = await finish(challenge, totpCode(secret, nextStep()));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  });
});

describe('turning two-factor off', () => {
  it('needs the password and a right code; then the password alone signs in again', async () => {
    const investor = await signedInInvestor(app);
    const { secret } = await enrol(investor);
    const wrongPassword = await call(app, investor, 'POST', '/auth/two-factor/disable', {
      password: 'not-my-password-9',
      code: totpCode(secret, nextStep()),
    });
    await expectContract('disableTwoFactor', wrongPassword);
    expect(wrongPassword.statusCode).toBe(400);
    const wrongCode = await call(app, investor, 'POST', '/auth/two-factor/disable', {
      password: investor.password,
      code: '000000',
    });
    await expectContract('disableTwoFactor', wrongCode);
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toEqual({ msg: wrongCodeMessage });
    expect((await call(app, investor, 'GET', '/auth/security')).json().twoFactorEnabled).toBe(true);
    const off = await call(app, investor, 'POST', '/auth/two-factor/disable', {
      password: investor.password,
      code: totpCode(secret, nextStep()),
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await login(investor)).json()).toHaveProperty('token');
  });

  it('ends every other session of the account, and keeps the one that turned it off', async () => {
    const investor = await signedInInvestor(app);
    const { secret } = await enrol(investor);
    const { challenge } = (await login(investor)).json();
    const other = await finish(challenge, totpCode(secret, nextStep()));
    const otherHeaders = { authorization: `Bearer ${other.json().token}` };
    const otherCaller = { ...investor, headers: otherHeaders };
    expect((await call(app, otherCaller, 'GET', '/auth/security')).statusCode).toBe(200);
    const off = await call(app, investor, 'POST', '/auth/two-factor/disable', {
      password: investor.password,
      code: totpCode(secret, nextStep()),
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await call(app, otherCaller, 'GET', '/auth/security')).statusCode).toBe(401);
    expect((await call(app, investor, 'GET', '/auth/security')).statusCode).toBe(200);
  });
});

describe('admins, with ADMIN_TWO_FACTOR=required', () => {
  it('may only enrol until two-factor is on, and may not turn it off', async () => {
    const admin = await signedInAdmin(strict);
    const security = await call(strict, admin, 'GET', '/auth/security');
    expect(security.json()).toMatchObject({ twoFactorEnabled: false, twoFactorRequired: true });
    const refused = await call(strict, admin, 'GET', '/admin/deposits');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toMatch(/^Turn on two-factor authentication first/);
    expect((await call(strict, admin, 'GET', '/users/user-info')).statusCode).toBe(200);

    const { secret } = await enrol(admin, strict);
    expect((await call(strict, admin, 'GET', '/admin/deposits')).statusCode).toBe(200);
    const off = await call(strict, admin, 'POST', '/auth/two-factor/disable', {
      password: admin.password,
      code: totpCode(secret, nextStep()),
    });
    expect(off.statusCode).toBe(403);
  });

  it('an investor is not asked for it', async () => {
    const investor = await signedInInvestor(strict);
    expect((await call(strict, investor, 'GET', '/auth/security')).json().twoFactorRequired).toBe(false);
    expect((await call(strict, investor, 'GET', '/transaction-history')).statusCode).toBe(200);
  });
});

describe('withdrawals after two-factor is turned off', () => {
  it('pause for WITHDRAWAL_PAUSE_AFTER_RESET_HOURS, said by the refusal and by the settings', async () => {
    const admin = await signedInAdmin(app);
    await createWallets(app, admin);
    const investor = await fundedInvestor(app, admin, '100');
    const { secret } = await enrol(investor);
    const off = await call(app, investor, 'POST', '/auth/two-factor/disable', {
      password: investor.password,
      code: totpCode(secret, nextStep()),
    });
    expect(off.statusCode, off.body).toBe(200);
    const security = (await call(app, investor, 'GET', '/auth/security')).json();
    const until = Date.parse(security.withdrawalsPausedUntil);
    // 24 hours by default, from the moment it was turned off.
    expect(until - clock).toBeGreaterThan(23.9 * 3_600_000);
    expect(until - clock).toBeLessThanOrEqual(24 * 3_600_000 + 60_000);
    const refused = await requestWithdrawal(app, investor, '10');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toMatch(/^Withdrawals are paused until \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    // Once the pause is over, withdrawals go through again.
    const { db } = await testDatabase();
    await db
      .update(users)
      .set({ withdrawalsPausedUntil: new Date(clock - 1_000) })
      .where(eq(users.email, investor.email));
    expect((await requestWithdrawal(app, investor, '10')).statusCode).toBe(201);
    expect((await call(app, investor, 'GET', '/auth/security')).json().withdrawalsPausedUntil).toBeNull();
  });
});

describe('withdrawals after a password reset', () => {
  it('pause too, and not at all with WITHDRAWAL_PAUSE_AFTER_RESET_HOURS=0', async () => {
    const relaxed = await createTestApp({ WITHDRAWAL_PAUSE_AFTER_RESET_HOURS: '0' });
    try {
      for (const [target, paused] of [
        [app, true],
        [relaxed, false],
      ] as const) {
        vi.useRealTimers();
        const admin = await signedInAdmin(target);
        await createWallets(target, admin);
        const investor = await fundedInvestor(target, admin, '50');
        const password = await resetPasswordByMail(target, investor.email);
        const session = await signIn(target, { email: investor.email, password });
        const again = { ...investor, headers: { authorization: `Bearer ${session.token}` } };
        const answer = await requestWithdrawal(target, again, '5');
        expect(answer.statusCode, answer.body).toBe(paused ? 403 : 201);
        expect(
          (await call(target, again, 'GET', '/auth/security')).json().withdrawalsPausedUntil !== null,
        ).toBe(paused);
      }
    } finally {
      await relaxed.close();
    }
  });
});

describe('changing the email or the password with two-factor on', () => {
  it('an email change needs a fresh code as well as the password', async () => {
    const investor = await signedInInvestor(app);
    const { secret } = await enrol(investor);
    const change = (twoFactorCode?: string) =>
      call(app, investor, 'POST', '/auth/email-change', {
        newEmail: uniqueEmail('moved'),
        password: investor.password,
        ...(twoFactorCode ? { twoFactorCode } : {}),
      });
    const without = await change();
    await expectContract('requestEmailChange', without);
    expect(without.statusCode).toBe(403);
    expect(without.json()).toEqual({ msg: emailChangeCodeNeededMessage });
    const wrong = await change('000000');
    await expectContract('requestEmailChange', wrong);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ msg: wrongCodeMessage });
    const right = await change(totpCode(secret, nextStep()));
    expect(right.statusCode, right.body).toBe(202);
  });

  it('a password change needs a fresh code as well as the current password', async () => {
    const investor = await signedInInvestor(app);
    const { secret } = await enrol(investor);
    const change = (twoFactorCode?: string) =>
      call(app, investor, 'PATCH', '/users/user-info', {
        currentPassword: investor.password,
        newPassword: strongPassword(),
        ...(twoFactorCode ? { twoFactorCode } : {}),
      });
    const without = await change();
    await expectContract('updateUserInfo', without);
    expect(without.statusCode).toBe(403);
    expect(without.json()).toEqual({
      msg: 'Enter the code from your authenticator app: changing your password needs one while two-factor is on.',
    });
    const wrong = await change('000000');
    await expectContract('updateUserInfo', wrong);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ msg: wrongCodeMessage });
    const right = await change(totpCode(secret, nextStep()));
    expect(right.statusCode, right.body).toBe(200);
  });
});

describe('withdrawals after a password change', () => {
  it('pause, as after a reset', async () => {
    const investor = await signedInInvestor(app);
    const changed = await call(app, investor, 'PATCH', '/users/user-info', {
      currentPassword: investor.password,
      newPassword: strongPassword(),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const security = (await call(app, investor, 'GET', '/auth/security')).json();
    expect(Date.parse(security.withdrawalsPausedUntil)).toBeGreaterThan(Date.now());
  });
});
