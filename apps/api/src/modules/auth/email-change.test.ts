import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailChanges, users } from '../../db/schema';
import {
  newAddress,
  registerVerified,
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
import { linkIn, mailSink } from '../../testing/mail-sink';
import { createWallets, fundedInvestor, requestWithdrawal } from '../../testing/money';
import { usedRevertLinkMessage } from './email-change';

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp();
  return () => app.close();
});

type Investor = { email: string; password: string; headers: { authorization: string } };

function requestChange(investor: Investor, newEmail: string, password = investor.password) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/email-change',
    headers: investor.headers,
    payload: { newEmail, password },
    remoteAddress: newAddress(),
  });
}

function confirm(token: string | null, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/email-change/confirm',
    headers,
    payload: { token },
    remoteAddress: newAddress(),
  });
}

/** How many mails have arrived, once the deferred ones (of earlier steps) have gone. */
async function mailCount(): Promise<number> {
  await app.deferred.settled();
  return (await mailSink()).received.length;
}

/** Every mail `email` received since `after`, once the deferred mail has gone. */
async function mailsTo(email: string, after = 0) {
  await app.deferred.settled();
  const sink = await mailSink();
  return sink.received.slice(after).filter((mail) => mail.envelopeTo.includes(email));
}

/** Asks for a change to `newEmail` and answers the token of the link mailed there. */
async function askAndFollowMail(investor: Investor, newEmail: string): Promise<string> {
  const before = await mailCount();
  const asked = await requestChange(investor, newEmail);
  expect(asked.statusCode, asked.body).toBe(202);
  const [mail] = await mailsTo(newEmail, before);
  if (!mail) throw new Error(`no mail to ${newEmail}`);
  const token = linkIn(mail, 'http://ledgerline.test/confirm-email-change').searchParams.get('token');
  if (!token) throw new Error('the link has no token');
  return token;
}

function signInStatus(email: string, password: string) {
  return app
    .inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password },
      remoteAddress: newAddress(),
    })
    .then((response) => response.statusCode);
}

async function currentEmail(investor: Investor): Promise<string> {
  const info = await app.inject({ method: 'GET', url: '/api/v1/users/user-info', headers: investor.headers });
  expect(info.statusCode, info.body).toBe(200);
  return info.json().email;
}

describe('a change of email', () => {
  it('changes nothing until the new address follows its link; then the old address is told', async () => {
    const admin = await signedInAdmin(app);
    await createWallets(app, admin);
    const investor = await fundedInvestor(app, admin, '100');
    const oldEmail = investor.email;
    const on = await app.inject({
      method: 'PATCH',
      url: '/api/v1/users/user-info',
      headers: investor.headers,
      payload: { activityLogStatus: true },
    });
    expect(on.statusCode, on.body).toBe(200);
    const newEmail = uniqueEmail('Moved').toUpperCase();
    const lowered = newEmail.toLowerCase();
    const before = await mailCount();

    const asked = await requestChange(investor, newEmail);
    await expectContract('requestEmailChange', asked);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toEqual({
      msg: `Check your inbox at ${lowered} and follow the link to confirm the change.`,
    });
    const [confirmation] = await mailsTo(lowered, before);
    expect(confirmation?.subject).toBe('Confirm your new email for Ledgerline');
    const link = linkIn(
      confirmation as NonNullable<typeof confirmation>,
      'http://ledgerline.test/confirm-email-change',
    );
    const toldOld = await mailsTo(oldEmail, before);
    expect(toldOld.map((mail) => mail.subject)).toEqual(['Ledgerline: A change of your email was asked for']);
    expect(toldOld[0]?.text).toContain(`new address: ${lowered}`);
    expect(toldOld[0]?.text).toContain('If it was not, reset your password now');

    // Until then, nothing has changed.
    expect(await currentEmail(investor)).toBe(oldEmail);
    expect(await signInStatus(oldEmail, investor.password)).toBe(200);
    expect(await signInStatus(lowered, investor.password)).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/auth/security', headers: investor.headers })).json(),
    ).toMatchObject({ withdrawalsPausedUntil: null });

    // Followed in the browser signed in to the account: that session stays.
    const confirmed = await confirm(link.searchParams.get('token'), investor.headers);
    await expectContract('confirmEmailChange', confirmed);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ msg: `Your email is now ${lowered}. Use it to sign in.` });

    expect(await currentEmail(investor)).toBe(lowered);
    expect(await signInStatus(lowered, investor.password)).toBe(200);
    expect(await signInStatus(oldEmail, investor.password)).toBe(401);
    const changed = (await mailsTo(oldEmail, before)).map((mail) => mail.subject);
    expect(changed).toContain('Ledgerline: Your email was changed');

    // Withdrawals pause for 24 hours, said by the settings and by the refusal.
    const security = await app.inject({
      method: 'GET',
      url: '/api/v1/auth/security',
      headers: investor.headers,
    });
    const until = Date.parse(security.json().withdrawalsPausedUntil);
    expect(until - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    expect(until - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);
    const refused = await requestWithdrawal(app, investor, '10');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toContain('change of email');

    const activity = await app.inject({
      method: 'GET',
      url: '/api/v1/users/activity',
      headers: investor.headers,
    });
    expect(activity.json().items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'email_changed', detail: `${oldEmail} → ${lowered}` }),
        expect.objectContaining({ kind: 'email_change_requested', detail: lowered }),
      ]),
    );
  });

  it('needs the right password, counted as a failed sign-in; nothing is mailed or kept', async () => {
    const investor = await signedInInvestor(app);
    const newEmail = uniqueEmail('moved');
    const before = await mailCount();
    const wrong = await requestChange(investor, newEmail, strongPassword());
    await expectContract('requestEmailChange', wrong);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ msg: 'password is incorrect' });
    expect(await mailsTo(newEmail, before)).toEqual([]);
    const { db } = await testDatabase();
    const userId = await userIdOf(investor.email);
    expect(await db.select().from(emailChanges).where(eq(emailChanges.userId, userId))).toEqual([]);

    const same = await requestChange(investor, investor.email.toUpperCase());
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({ msg: 'newEmail is already the email of your account' });
    const notAnEmail = await requestChange(investor, 'not-an-email');
    expect(notAnEmail.statusCode).toBe(400);
  });

  it('confirms once; a second use of the link is refused', async () => {
    const investor = await signedInInvestor(app);
    const newEmail = uniqueEmail('moved');
    const token = await askAndFollowMail(investor, newEmail);
    const [first, second] = await Promise.all([confirm(token), confirm(token)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 400]);
    const again = await confirm(token);
    await expectContract('confirmEmailChange', again);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ msg: 'This link has already been used: the email was changed.' });
  });

  it('expires after 24 hours', async () => {
    const investor = await signedInInvestor(app);
    const token = await askAndFollowMail(investor, uniqueEmail('moved'));
    const { db } = await testDatabase();
    const userId = await userIdOf(investor.email);
    await db
      .update(emailChanges)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(emailChanges.userId, userId));
    const expired = await confirm(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({
      msg: 'This link has expired. Ask for the change again from Profile → Security.',
    });
    expect(await currentEmail(investor)).toBe(investor.email);
  });

  it('is replaced by a newer request, and cancelled by a password change', async () => {
    const investor = await signedInInvestor(app);
    const first = await askAndFollowMail(investor, uniqueEmail('first'));
    const secondEmail = uniqueEmail('second');
    const second = await askAndFollowMail(investor, secondEmail);
    const replaced = await confirm(first);
    expect(replaced.statusCode).toBe(400);
    expect(replaced.json().msg).toMatch(/^This link is not valid/);

    const newPassword = strongPassword();
    const changed = await app.inject({
      method: 'PATCH',
      url: '/api/v1/users/user-info',
      headers: investor.headers,
      payload: { currentPassword: investor.password, newPassword },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await confirm(second)).statusCode).toBe(400);
    expect(await currentEmail(investor)).toBe(investor.email);
  });

  it('answers alike for an address with an account, which gets a notice and no link', async () => {
    const investor = await signedInInvestor(app);
    const neighbour = await registerVerified(app);
    const before = await mailCount();
    const asked = await requestChange(investor, neighbour.email);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toEqual({
      msg: `Check your inbox at ${neighbour.email} and follow the link to confirm the change.`,
    });
    const notices = await mailsTo(neighbour.email, before);
    expect(notices.map((mail) => mail.subject)).toEqual([
      'Someone asked to use your email on another Ledgerline account',
    ]);
    expect(notices[0]?.text).not.toContain('confirm-email-change');
    expect(notices[0]?.text).not.toContain(investor.email);
    const { db } = await testDatabase();
    const userId = await userIdOf(investor.email);
    expect(await db.select().from(emailChanges).where(eq(emailChanges.userId, userId))).toEqual([]);
  });

  it('re-checks the address when confirmed: of two accounts moving to it, one gets it (409)', async () => {
    const one = await signedInInvestor(app);
    const two = await signedInInvestor(app);
    const contested = uniqueEmail('contested');
    const tokens = [await askAndFollowMail(one, contested), await askAndFollowMail(two, contested)];
    const answers = await Promise.all(
      tokens.map((token, index) => confirm(token, [one, two][index]?.headers)),
    );
    for (const answer of answers) await expectContract('confirmEmailChange', answer);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json()).toEqual({
      msg: 'Another account now uses this email address, so it could not become yours. Ask for the change again with another address.',
    });
    expect(
      [await currentEmail(one), await currentEmail(two)].filter((email) => email === contested),
    ).toHaveLength(1);

    // Taken by a sign-up between the request and the link: refused too.
    const three = await signedInInvestor(app);
    const signedUpMeanwhile = uniqueEmail('meanwhile');
    const token = await askAndFollowMail(three, signedUpMeanwhile);
    await registerVerified(app, { email: signedUpMeanwhile });
    expect((await confirm(token, three.headers)).statusCode).toBe(409);
    expect(await currentEmail(three)).toBe(three.email);
  });

  it('moves only the account whose link it is, whoever sends it; other tokens are useless', async () => {
    const owner = await signedInInvestor(app);
    const bystander = await signedInInvestor(app);
    const newEmail = uniqueEmail('moved');
    const token = await askAndFollowMail(owner, newEmail);
    // A token of another kind (a reset link's) confirms nothing.
    const resetBefore = await mailCount();
    await app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: { email: bystander.email },
      remoteAddress: newAddress(),
    });
    const [reset] = await mailsTo(bystander.email, resetBefore);
    const resetToken = linkIn(
      reset as NonNullable<typeof reset>,
      'http://ledgerline.test/change-password',
    ).searchParams.get('token');
    expect((await confirm(resetToken, bystander.headers)).statusCode).toBe(400);
    expect((await confirm('A'.repeat(43), bystander.headers)).statusCode).toBe(400);

    // Sent with the bystander's session, the owner's link moves the owner, not the bystander; the
    // owner's every session ends (none followed the link), the bystander's does not.
    expect((await confirm(token, bystander.headers)).statusCode).toBe(200);
    expect(await signInStatus(newEmail, owner.password)).toBe(200);
    expect(await currentEmail(bystander)).toBe(bystander.email);
    const ownerSession = await app.inject({
      method: 'GET',
      url: '/api/v1/auth/security',
      headers: owner.headers,
    });
    expect(ownerSession.statusCode).toBe(401);
  });

  it('tells the old address with the anti-phishing phrase; the new address never sees it', async () => {
    const investor = await signedInInvestor(app);
    const set = await app.inject({
      method: 'PUT',
      url: '/api/v1/auth/anti-phishing-phrase',
      headers: investor.headers,
      payload: { phrase: 'Quiet harbour 42', password: investor.password },
    });
    expect(set.statusCode, set.body).toBe(200);
    const newEmail = uniqueEmail('moved');
    const before = await mailCount();
    const token = await askAndFollowMail(investor, newEmail);
    expect((await confirm(token)).statusCode).toBe(200);

    const [confirmation] = await mailsTo(newEmail, before);
    expect(confirmation?.text).not.toContain('Quiet harbour 42');
    expect(confirmation?.text).toContain('This mail does not show your anti-phishing phrase');
    const toOld = await mailsTo(investor.email, before);
    expect(toOld.map((mail) => mail.subject)).toEqual([
      'Ledgerline: A change of your email was asked for',
      'Ledgerline: Your email was changed',
    ]);
    for (const mail of toOld) {
      expect(mail.text?.split('\n')[0]).toBe('Your anti-phishing phrase: «Quiet harbour 42»');
    }
  });
});

describe('after a change of email is confirmed', () => {
  function revert(token: string | null) {
    return app.inject({
      method: 'POST',
      url: '/api/v1/auth/email-change/revert',
      payload: { token },
      remoteAddress: newAddress(),
    });
  }

  async function sessionStatus(headers: { authorization: string }) {
    return (await app.inject({ method: 'GET', url: '/api/v1/auth/security', headers })).statusCode;
  }

  async function pausedUntilOf(email: string) {
    const { db } = await testDatabase();
    const [row] = await db
      .select({ until: users.withdrawalsPausedUntil })
      .from(users)
      .where(eq(users.id, await userIdOf(email)));
    return row?.until ?? null;
  }

  it('every other session is signed out; the one that followed the link stays', async () => {
    const investor = await signedInInvestor(app);
    const other = { authorization: `Bearer ${(await signIn(app, investor)).token}` };
    const token = await askAndFollowMail(investor, uniqueEmail('moved'));
    const confirmed = await confirm(token, investor.headers);
    await expectContract('confirmEmailChange', confirmed);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await sessionStatus(other)).toBe(401);
    expect(await sessionStatus(investor.headers)).toBe(200);
  });

  it('mails the old address a link that undoes it once: the old email back, every session ended, withdrawals paused', async () => {
    const investor = await signedInInvestor(app);
    const oldEmail = investor.email;
    const newEmail = uniqueEmail('moved');
    const before = await mailCount();
    const token = await askAndFollowMail(investor, newEmail);
    expect((await confirm(token, investor.headers)).statusCode).toBe(200);
    const pausedByTheChange = await pausedUntilOf(newEmail);
    const changed = (await mailsTo(oldEmail, before)).find(
      (mail) => mail.subject === 'Ledgerline: Your email was changed',
    );
    if (!changed) throw new Error('the old address was not told');
    const link = linkIn(changed, 'http://ledgerline.test/revert-email-change');

    const undone = await revert(link.searchParams.get('token'));
    await expectContract('revertEmailChange', undone);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toEqual({
      msg: `Your email is ${oldEmail} again, and every session is signed out. Reset your password now.`,
    });
    expect(await sessionStatus(investor.headers)).toBe(401);
    expect(await signInStatus(oldEmail, investor.password)).toBe(200);
    expect(await signInStatus(newEmail, investor.password)).toBe(401);
    const pausedByTheRevert = await pausedUntilOf(oldEmail);
    expect(pausedByTheRevert?.getTime()).toBeGreaterThan(pausedByTheChange?.getTime() ?? 0);
    expect((await mailsTo(oldEmail, before)).map((mail) => mail.subject)).toContain(
      'Ledgerline: Your email change was undone',
    );

    const again = await revert(link.searchParams.get('token'));
    await expectContract('revertEmailChange', again);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ msg: usedRevertLinkMessage });
    // The confirmation link is no revert link.
    expect((await revert(token)).statusCode).toBe(400);
  });
});
