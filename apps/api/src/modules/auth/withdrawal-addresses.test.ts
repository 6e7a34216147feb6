import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { withdrawalAddresses as savedAddresses, users } from '../../db/schema';
import { newAddress, signedInAdmin, signedInInvestor, userIdOf } from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { expectContract } from '../../testing/contract';
import { testDatabase } from '../../testing/database';
import { linkIn, mailSink } from '../../testing/mail-sink';
import {
  createWallets,
  figures,
  fundedInvestor,
  requestWithdrawal,
  withdrawalAddresses,
} from '../../testing/money';
import { failedSignInLimits } from './failed-sign-ins';
import { totpCode } from './totp';
import { wrongCodeMessage } from './two-factor';
import {
  addressCodeNeededMessage,
  alreadySavedMessage,
  lockAlreadyOffMessage,
  lockOffCodeNeededMessage,
  lockOffPasswordNeededMessage,
  notSavedMessage,
  unknownCancelLinkMessage,
} from './withdrawal-addresses';

let app: FastifyInstance;
/** The same server with no hold: a saved address is usable at once. */
let noHold: FastifyInstance;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  app = await createTestApp();
  noHold = await createTestApp({ WITHDRAWAL_ADDRESS_HOLD_MINUTES: '0' });
  admin = await signedInAdmin(app);
  await createWallets(app, admin);
  return async () => {
    await app.close();
    await noHold.close();
  };
});

afterEach(() => {
  vi.useRealTimers();
});

/** The clock the server and the app share, moved one 30-second step per code, as a person waits for the next. */
let clock = Date.now();
// Each test starts the clock at the real time: run on across tests, it would soon pass the end of the
// failed-sign-in windows that the test opened at the real time, before its first step.
beforeEach(() => {
  clock = Date.now();
});
function nextStep(): Date {
  clock += 30_000;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(clock);
  return new Date(clock);
}

type Caller = { email: string; password: string; headers: { authorization: string } };

function call(
  caller: Caller | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH',
  url: string,
  payload?: object,
  target = app,
) {
  return target.inject({
    method,
    url: `/api/v1${url}`,
    headers: caller?.headers ?? {},
    remoteAddress: newAddress(),
    ...(payload ? { payload } : {}),
  });
}

const btcSaved = { type: 'bitcoin', network: 'BTC', address: withdrawalAddresses.BTC, label: 'Cold wallet' };
const ethSaved = { type: 'ethereum', network: 'ETH', address: withdrawalAddresses.ETH, label: 'Exchange' };

function save(caller: Caller, body: object, target = app) {
  return call(caller, 'POST', '/users/withdrawal-addresses', body, target);
}

function book(caller: Caller, target = app) {
  return call(caller, 'GET', '/users/withdrawal-addresses', undefined, target);
}

function setLock(
  caller: Caller,
  body: { enabled: boolean; twoFactorCode?: string; password?: string },
  target = app,
) {
  return call(caller, 'PUT', '/users/withdrawal-address-lock', body, target);
}

/** Turns two-factor on for `caller`: answers the secret. */
async function enrol(caller: Caller) {
  const setup = await call(caller, 'POST', '/auth/two-factor/setup');
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const enabled = await call(caller, 'POST', '/auth/two-factor/enable', {
    password: caller.password,
    code: totpCode(secret, nextStep()),
  });
  expect(enabled.statusCode, enabled.body).toBe(200);
  return secret;
}

/** The security mails `email` received, once the deferred mail has gone. */
async function securityMailTo(email: string) {
  await app.deferred.settled();
  return (await mailSink()).received
    .filter((mail) => mail.envelopeTo.includes(email) && mail.subject?.startsWith('Ledgerline: '))
    .map((mail) => ({ subject: mail.subject, text: mail.text ?? '' }));
}

const lockOffSubject = 'Ledgerline: The lock on your withdrawal addresses is turning off';

/** Moves a waiting turning off of `caller`'s lock to the past: its hold is over. */
async function endLockOffHold(caller: Caller) {
  const { db } = await testDatabase();
  await db
    .update(users)
    .set({ withdrawalAddressLockOffAt: new Date(Date.now() - 1_000) })
    .where(eq(users.id, await userIdOf(caller.email)));
}

/** The "cancel" link of the last lock-off mail to `caller`. */
async function cancelLinkOf(caller: Caller) {
  const mails = (await securityMailTo(caller.email)).filter((mail) => mail.subject === lockOffSubject);
  const last = mails.at(-1);
  if (!last) throw new Error('no lock-off mail');
  return linkIn(
    { text: last.text } as Parameters<typeof linkIn>[0],
    'http://ledgerline.test/cancel-address-lock-off',
  );
}

function cancelLockOff(token: string | null) {
  return call(null, 'POST', '/users/withdrawal-address-lock/cancel-off', { token });
}

describe('the address book', () => {
  it('saves, lists newest first and removes addresses, each with its hold, by the contract', async () => {
    const investor = await signedInInvestor(app);
    const empty = await book(investor);
    await expectContract('listWithdrawalAddresses', empty);
    expect(empty.json()).toEqual({ lockEnabled: false, lockOffAt: null, holdMinutes: 1440, addresses: [] });

    const first = await save(investor, { ...btcSaved, label: '  Cold wallet  ' });
    await expectContract('createWithdrawalAddress', first);
    expect(first.statusCode, first.body).toBe(201);
    const saved = first.json().address;
    expect(saved).toMatchObject({
      type: 'bitcoin',
      network: 'BTC',
      address: withdrawalAddresses.BTC,
      label: 'Cold wallet',
    });
    // Usable WITHDRAWAL_ADDRESS_HOLD_MINUTES (1440 by default) after it was saved.
    expect(Date.parse(saved.usableFrom) - Date.parse(saved.createdAt)).toBe(1440 * 60_000);
    const second = await save(investor, ethSaved);
    expect(second.statusCode, second.body).toBe(201);

    const listed = await book(investor);
    await expectContract('listWithdrawalAddresses', listed);
    expect(listed.json().addresses.map((row: { label: string }) => row.label)).toEqual([
      'Exchange',
      'Cold wallet',
    ]);

    const removed = await call(investor, 'DELETE', `/users/withdrawal-addresses/${saved._id}`);
    await expectContract('deleteWithdrawalAddress', removed);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ msg: 'Address removed' });
    expect((await book(investor)).json().addresses.map((row: { label: string }) => row.label)).toEqual([
      'Exchange',
    ]);
    const again = await call(investor, 'DELETE', `/users/withdrawal-addresses/${saved._id}`);
    expect(again.statusCode).toBe(404);
  });

  it("keeps each account's addresses its own: another's are neither shown nor removable", async () => {
    const owner = await signedInInvestor(app);
    const other = await signedInInvestor(app);
    const saved = (await save(owner, btcSaved)).json().address;
    expect((await book(other)).json().addresses).toEqual([]);
    const refused = await call(other, 'DELETE', `/users/withdrawal-addresses/${saved._id}`);
    await expectContract('deleteWithdrawalAddress', refused);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain(withdrawalAddresses.BTC);
    expect((await book(owner)).json().addresses).toHaveLength(1);
    // The same address in another account's book is that account's own.
    expect((await save(other, btcSaved)).statusCode).toBe(201);
  });

  it('checks an address as the withdrawal does, with the same words, and refuses it twice', async () => {
    const investor = await fundedInvestor(app, admin, '50');
    const mistyped = `${withdrawalAddresses.BTC.slice(0, -1)}3`;
    const asWithdrawal = await requestWithdrawal(app, investor, '5', { address: mistyped });
    expect(asWithdrawal.statusCode).toBe(400);
    const refused = await save(investor, { ...btcSaved, address: mistyped });
    await expectContract('createWithdrawalAddress', refused);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe(asWithdrawal.json().msg);

    const wrongNetwork = await save(investor, { ...btcSaved, network: 'ETH' });
    expect(wrongNetwork.statusCode).toBe(400);
    expect(wrongNetwork.json().msg).toBe('network must be one of BTC for bitcoin');
    const blank = await save(investor, { ...btcSaved, label: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().msg).toBe('label is required');
    const long = await save(investor, { ...btcSaved, label: 'x'.repeat(41) });
    await expectContract('createWithdrawalAddress', long);
    expect(long.statusCode).toBe(400);
    expect(long.json().msg).toMatch(/label/);

    expect((await save(investor, ethSaved)).statusCode).toBe(201);
    // A hex address is the same address in any case of its letters.
    const twice = await save(investor, {
      ...ethSaved,
      address: withdrawalAddresses.ETH.toLowerCase(),
      label: 'Again',
    });
    await expectContract('createWithdrawalAddress', twice);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().msg).toBe(alreadySavedMessage);
    expect((await book(investor)).json().addresses).toHaveLength(1);
  });

  it('needs a fresh code from the app to save an address while two-factor is on, each code once', async () => {
    const investor = await signedInInvestor(app);
    const secret = await enrol(investor);
    const without = await save(investor, btcSaved);
    await expectContract('createWithdrawalAddress', without);
    expect(without.statusCode).toBe(403);
    expect(without.json().msg).toBe(addressCodeNeededMessage);
    const wrong = await save(investor, { ...btcSaved, twoFactorCode: '000000' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().msg).toBe(wrongCodeMessage);
    expect((await book(investor)).json().addresses).toEqual([]);

    const code = totpCode(secret, nextStep());
    const saved = await save(investor, { ...btcSaved, twoFactorCode: code });
    expect(saved.statusCode, saved.body).toBe(201);
    const reused = await save(investor, { ...ethSaved, twoFactorCode: code });
    expect(reused.statusCode).toBe(403);
    expect(reused.json().msg).toBe(wrongCodeMessage);
    expect((await book(investor)).json().addresses).toHaveLength(1);
  });

  it('counts a wrong code as a failed sign-in, and not a right one for an address already saved', async () => {
    const investor = await signedInInvestor(app);
    const secret = await enrol(investor);
    expect(
      (await save(investor, { ...btcSaved, twoFactorCode: totpCode(secret, nextStep()) })).statusCode,
    ).toBe(201);
    // More refusals than the failures allowed, each with a right code.
    for (let index = 0; index < failedSignInLimits.perAccount.max; index++) {
      const twice = await save(investor, { ...btcSaved, twoFactorCode: totpCode(secret, nextStep()) });
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toEqual({ msg: alreadySavedMessage });
    }
    const signIn = { email: investor.email, password: investor.password };
    const stillOpen = await call(null, 'POST', '/auth/login', signIn);
    expect(stillOpen.statusCode, stillOpen.body).toBe(200);
    expect(stillOpen.json()).toMatchObject({ twoFactorRequired: true });

    for (let index = 0; index < failedSignInLimits.perAccount.max; index++) {
      expect((await save(investor, { ...ethSaved, twoFactorCode: '000000' })).statusCode).toBe(403);
    }
    const lockedOut = await call(null, 'POST', '/auth/login', signIn);
    expect(lockedOut.statusCode).toBe(429);
  });

  it('mails the owner of a saved address, and records it while the activity log is on', async () => {
    const investor = await signedInInvestor(app);
    const logOn = await call(investor, 'PATCH', '/users/user-info', { activityLogStatus: true });
    expect(logOn.statusCode, logOn.body).toBe(200);
    expect((await save(investor, btcSaved)).statusCode).toBe(201);
    const mails = await securityMailTo(investor.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Ledgerline: A withdrawal address was saved']);
    expect(mails[0]?.text).toContain(`("Cold wallet", ${withdrawalAddresses.BTC} on BTC)`);
    expect(mails[0]?.text).toMatch(/When: \d{4}-\d\d-\d\d \d\d:\d\d UTC\. From: /);
    expect(mails[0]?.text).toContain('http://ledgerline.test/forgot-password');
    const activity = (await call(investor, 'GET', '/users/activity?limit=5')).json().items;
    expect(activity[0]).toMatchObject({
      kind: 'withdrawal_address_added',
      detail: `Cold wallet: ${withdrawalAddresses.BTC} (BTC)`,
    });
  });
});

describe('the address lock', () => {
  it('refuses a withdrawal to an unsaved or held address before any money moves, and lets it through after the hold', async () => {
    const investor = await fundedInvestor(app, admin, '100');
    const on = await setLock(investor, { enabled: true });
    await expectContract('setWithdrawalAddressLock', on);
    expect(on.json()).toEqual({
      msg: 'Withdrawals may go only to your saved addresses',
      lockEnabled: true,
      lockOffAt: null,
    });
    expect((await book(investor)).json().lockEnabled).toBe(true);

    const unsaved = await requestWithdrawal(app, investor, '10');
    await expectContract('createWithdrawal', unsaved);
    expect(unsaved.statusCode).toBe(403);
    expect(unsaved.json().msg).toBe(notSavedMessage);

    const saved = (await save(investor, btcSaved)).json().address;
    const held = await requestWithdrawal(app, investor, '10');
    expect(held.statusCode).toBe(403);
    const from = new Date(Math.ceil(Date.parse(saved.usableFrom) / 60_000) * 60_000);
    expect(held.json().msg).toBe(
      `This saved address can receive withdrawals from ${from.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    );
    expect((await figures(app, investor)).availableBalance).toBe(100);

    // Once the hold is over, the saved address receives withdrawals; any other still does not.
    const { db } = await testDatabase();
    await db
      .update(savedAddresses)
      .set({ usableFrom: new Date(Date.now() - 1_000) })
      .where(eq(savedAddresses.id, saved._id));
    const paid = await requestWithdrawal(app, investor, '10');
    expect(paid.statusCode, paid.body).toBe(201);
    const elsewhere = await requestWithdrawal(app, investor, '10', { network: 'ETH' });
    expect(elsewhere.statusCode).toBe(403);
    expect((await figures(app, investor)).availableBalance).toBe(90);

    // Removed, it is no longer a saved address.
    await call(investor, 'DELETE', `/users/withdrawal-addresses/${saved._id}`);
    expect((await requestWithdrawal(app, investor, '10')).statusCode).toBe(403);
  });

  it('matches a saved hex address whatever the case of its letters, and holds nothing with a hold of 0', async () => {
    const noHoldAdmin = await signedInAdmin(noHold);
    await createWallets(noHold, noHoldAdmin);
    const investor = await fundedInvestor(noHold, noHoldAdmin, '40');
    expect((await setLock(investor, { enabled: true }, noHold)).statusCode).toBe(200);
    const saved = await save(investor, ethSaved, noHold);
    expect(saved.json().address.usableFrom).toBe(saved.json().address.createdAt);
    expect((await book(investor, noHold)).json().holdMinutes).toBe(0);
    const paid = await requestWithdrawal(noHold, investor, '5', {
      network: 'ETH',
      address: withdrawalAddresses.ETH.toLowerCase(),
    });
    expect(paid.statusCode, paid.body).toBe(201);
  });

  it('answers a retried withdrawal as the first time, whatever the lock says since', async () => {
    const investor = await fundedInvestor(app, admin, '30');
    const key = crypto.randomUUID();
    const first = await requestWithdrawal(app, investor, '10', { idempotencyKey: key });
    expect(first.statusCode, first.body).toBe(201);
    expect((await setLock(investor, { enabled: true })).statusCode).toBe(200);
    const retried = await requestWithdrawal(app, investor, '10', { idempotencyKey: key });
    expect(retried.statusCode).toBe(201);
    expect(retried.json()).toEqual(first.json());
    expect((await requestWithdrawal(app, investor, '10')).statusCode).toBe(403);
    expect((await figures(app, investor)).availableBalance).toBe(20);
  });

  it('turns off with a fresh code while two-factor is on, and mails the owner', async () => {
    const investor = await fundedInvestor(app, admin, '30');
    const secret = await enrol(investor);
    expect((await setLock(investor, { enabled: true })).statusCode).toBe(200);
    const without = await setLock(investor, { enabled: false });
    await expectContract('setWithdrawalAddressLock', without);
    expect(without.statusCode).toBe(403);
    expect(without.json().msg).toBe(lockOffCodeNeededMessage);
    const wrong = await setLock(investor, { enabled: false, twoFactorCode: '000000' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().msg).toBe(wrongCodeMessage);
    expect((await book(investor)).json().lockEnabled).toBe(true);

    const code = totpCode(secret, nextStep());
    const off = await setLock(investor, { enabled: false, twoFactorCode: code });
    await expectContract('setWithdrawalAddressLock', off);
    expect(off.statusCode, off.body).toBe(200);
    // It takes effect only after the hold: until then the lock holds.
    const lockOffAt = Date.parse(off.json().lockOffAt);
    expect(lockOffAt - Date.now()).toBeGreaterThan(1439 * 60_000);
    expect(off.json()).toMatchObject({ lockEnabled: true });
    expect(off.json().msg).toMatch(
      /^The lock turns off at .+ UTC\. We mailed you a link to cancel it until then\.$/,
    );
    expect((await book(investor)).json()).toMatchObject({
      lockEnabled: true,
      lockOffAt: off.json().lockOffAt,
    });
    const refused = await requestWithdrawal(app, investor, '10', {
      twoFactorCode: totpCode(secret, nextStep()),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe(notSavedMessage);

    await endLockOffHold(investor);
    expect((await book(investor)).json()).toMatchObject({ lockEnabled: false, lockOffAt: null });
    const paid = await requestWithdrawal(app, investor, '10', {
      twoFactorCode: totpCode(secret, nextStep()),
    });
    expect(paid.statusCode, paid.body).toBe(201);

    // On again, the code just used cannot turn it off a second time.
    expect((await setLock(investor, { enabled: true })).statusCode).toBe(200);
    expect((await setLock(investor, { enabled: false, twoFactorCode: code })).statusCode).toBe(403);

    const subjects = (await securityMailTo(investor.email)).map((mail) => mail.subject);
    expect(subjects.filter((subject) => subject === lockOffSubject)).toHaveLength(1);
  });

  it('turns off with the password while two-factor is off, and asking for the state it is in changes nothing', async () => {
    const investor = await signedInInvestor(app);
    const already = await setLock(investor, { enabled: false });
    expect(already.json()).toEqual({
      msg: 'Withdrawals may go to any address',
      lockEnabled: false,
      lockOffAt: null,
    });
    expect((await setLock(investor, { enabled: true })).statusCode).toBe(200);
    expect((await setLock(investor, { enabled: true })).json().lockEnabled).toBe(true);
    const without = await setLock(investor, { enabled: false });
    await expectContract('setWithdrawalAddressLock', without);
    expect(without.statusCode).toBe(403);
    expect(without.json()).toEqual({ msg: lockOffPasswordNeededMessage });
    const wrong = await setLock(investor, { enabled: false, password: 'not-my-password-9' });
    await expectContract('setWithdrawalAddressLock', wrong);
    expect(wrong.statusCode).toBe(400);
    const off = await setLock(investor, { enabled: false, password: investor.password });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ lockEnabled: true, lockOffAt: expect.any(String) });
    // Asked again while it waits: the same turning off, no second mail.
    const again = await setLock(investor, { enabled: false, password: investor.password });
    expect(again.json().lockOffAt).toBe(off.json().lockOffAt);
    const subjects = (await securityMailTo(investor.email)).map((mail) => mail.subject);
    expect(subjects).toEqual([lockOffSubject]);
    expect((await securityMailTo(investor.email))[0]?.text).toContain('Cancel: keep the lock on');
  });

  it('turns off at once with a hold of 0', async () => {
    const investor = await signedInInvestor(noHold);
    expect((await setLock(investor, { enabled: true }, noHold)).statusCode).toBe(200);
    const off = await setLock(investor, { enabled: false, password: investor.password }, noHold);
    expect(off.json()).toEqual({
      msg: 'Withdrawals may go to any address',
      lockEnabled: false,
      lockOffAt: null,
    });
  });

  it('stays on when the mailed link cancels the turning off before it takes effect, once; a late link is refused', async () => {
    const investor = await signedInInvestor(app);
    expect((await setLock(investor, { enabled: true })).statusCode).toBe(200);
    expect((await setLock(investor, { enabled: false, password: investor.password })).statusCode).toBe(200);
    const link = await cancelLinkOf(investor);
    const kept = await cancelLockOff(link.searchParams.get('token'));
    await expectContract('cancelWithdrawalAddressLockOff', kept);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toEqual({
      msg: 'The lock stays on. Withdrawals may go only to your saved addresses.',
    });
    expect((await book(investor)).json()).toMatchObject({ lockEnabled: true, lockOffAt: null });
    const twice = await cancelLockOff(link.searchParams.get('token'));
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ msg: unknownCancelLinkMessage });

    // Asked again, and left to take effect: its link then comes too late.
    expect((await setLock(investor, { enabled: false, password: investor.password })).statusCode).toBe(200);
    const late = await cancelLinkOf(investor);
    await endLockOffHold(investor);
    const tooLate = await cancelLockOff(late.searchParams.get('token'));
    expect(tooLate.statusCode).toBe(400);
    expect(tooLate.json()).toEqual({ msg: lockAlreadyOffMessage });
    expect((await book(investor)).json()).toMatchObject({ lockEnabled: false, lockOffAt: null });
  });

  it('holds an address saved during a withdrawal pause until the pause and then the hold are over', async () => {
    const investor = await signedInInvestor(app);
    const pauseEnd = new Date(Date.now() + 2 * 3_600_000);
    const { db } = await testDatabase();
    await db
      .update(users)
      .set({ withdrawalsPausedUntil: pauseEnd })
      .where(eq(users.id, await userIdOf(investor.email)));
    const saved = await save(investor, btcSaved);
    expect(saved.statusCode, saved.body).toBe(201);
    expect(Date.parse(saved.json().address.usableFrom)).toBe(pauseEnd.getTime() + 1440 * 60_000);
  });
});
