import type { components } from '@ledgerline/api-client/contract';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { emailChanges, users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { Operations } from '../../http/operations';
import { logSessionsRevoked } from '../../http/security-events';
import {
  emailChangeAddressTakenMail,
  emailChangeConfirmationMail,
  emailChangeLink,
  emailChangeRevertLink,
} from '../../mail/messages';
import type { Services } from '../../services';
import { recordActivity } from './activity';
import { isPasswordCorrect } from './password-hashing';
import { codeAttempt, secondFactorColumns } from './second-factor';
import { securityMailer } from './security-mail';
import {
  bearerToken,
  endOtherSessions,
  findSignedInAccount,
  forgetCheckedAccount,
  signedInAccount,
} from './sessions';
import { hashToken, newToken } from './tokens';
import { wrongCodeMessage } from './two-factor';
import { requestOrigin } from './user-agent';
import { pauseWithdrawals } from './withdrawal-pause';

type Schemas = components['schemas'];

/** A confirmation link is valid for 24 hours. */
export const emailChangeValidityMs = 24 * 3_600_000;

/** The "this wasn't me" link mailed to the old address is valid for 7 days. */
export const emailChangeRevertValidityMs = 7 * 24 * 3_600_000;

export const emailChangeCodeNeededMessage =
  'Enter the code from your authenticator app: changing your email needs one while two-factor is on.';
export const usedRevertLinkMessage = 'This link has already been used: the change was undone.';
export const expiredRevertLinkMessage =
  'This link has expired. Reset your password from the sign-in page, and write to support.';
export const oldAddressTakenMessage =
  'Another account now uses your old address, so it could not be given back. Reset your password and write to support.';

export const unknownLinkMessage =
  'This link is not valid. A newer request or a password change may have replaced it: use the link from the latest mail.';
export const usedLinkMessage = 'This link has already been used: the email was changed.';
export const expiredLinkMessage = 'This link has expired. Ask for the change again from Profile → Security.';
export const addressTakenMessage =
  'Another account now uses this email address, so it could not become yours. Ask for the change again with another address.';

/**
 * Ends every change of email the account has asked for and not confirmed: a newer request replaces
 * them, and a password reset or change cancels them (whoever asked may have known the old password).
 */
export async function cancelEmailChanges(tx: Pick<Tx, 'delete'>, userId: string): Promise<void> {
  await tx.delete(emailChanges).where(and(eq(emailChanges.userId, userId), isNull(emailChanges.confirmedAt)));
}

/**
 * A change of the sign-in email: asked for with the password, confirmed by following the link mailed
 * to the new address. Until then the account keeps its email; the current address is told of the
 * request and, once it is confirmed, of the change. A confirmed change pauses withdrawals, as a
 * password reset does: whoever takes over an account by changing its email cannot take its money out
 * before the owner, mailed at the old address, can act.
 */
export function emailChangeOperations(services: Services) {
  const { config, db, mailer, deferred, failedSignIns, sessionChecks, secrets } = services;
  const tellOwner = securityMailer(services);

  /**
   * Replaces any pending change with one to `newEmail` and mails its link there. When another account
   * already uses the address no change is made and that address gets a notice instead of a link: the
   * request is answered alike either way (so it tells no one whether an address has an account), and
   * the address's owner, who may well be the person asking, learns why no link came. The notice holds
   * nothing the person asking typed or anything of their account.
   */
  async function startChange(userId: string, newEmail: string, hasAntiPhishingPhrase: boolean) {
    const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, newEmail)).limit(1);
    const token = newToken();
    const now = new Date();
    await db.transaction(async (tx) => {
      await cancelEmailChanges(tx, userId);
      if (taken) return;
      await tx.insert(emailChanges).values({
        userId,
        newEmail,
        tokenHash: hashToken(token),
        expiresAt: new Date(now.getTime() + emailChangeValidityMs),
        createdAt: now,
      });
    });
    await mailer.send(
      taken
        ? emailChangeAddressTakenMail(config, { email: newEmail })
        : emailChangeConfirmationMail(
            config,
            { email: newEmail, hasAntiPhishingPhrase },
            emailChangeLink(config, token),
          ),
    );
  }

  return {
    requestEmailChange: {
      rateLimit: { max: 10, timeWindow: '15 minutes' },
      async handler(request, reply): Promise<Schemas['Message']> {
        const account = signedInAccount(request);
        // Emails are kept lower-cased, as sign-up and sign-in treat them.
        const newEmail = request.body.newEmail.trim().toLowerCase();
        const [user] = await db
          .select({
            ...secondFactorColumns,
            email: users.email,
            passwordHash: users.passwordHash,
            antiPhishingPhrase: users.antiPhishingPhrase,
          })
          .from(users)
          .where(eq(users.id, account.userId));
        if (!user) throw new HttpError(401, 'Please sign in again');
        if (newEmail === user.email)
          throw new HttpError(400, 'newEmail is already the email of your account');
        // With two-factor on, a fresh code as well: the password alone (phished, or typed on a stolen
        // session's device) must not hand the account's email, and so its recovery, to someone else.
        const secondFactor = user.twoFactorSecret ? user : null;
        const code = request.body.twoFactorCode ?? '';
        if (secondFactor && code === '') throw new HttpError(403, emailChangeCodeNeededMessage);
        // A wrong password counts as a failed sign-in: a stolen session cannot guess it freely.
        const attempt = await failedSignIns.begin(request, user.email);
        if (!(await isPasswordCorrect(user.passwordHash, request.body.password))) {
          throw new HttpError(400, 'password is incorrect');
        }
        // A wrong code stays counted as well; a right one takes the attempt back.
        const check = codeAttempt(secrets, attempt);
        try {
          if (secondFactor && !(await check.spend(db, secondFactor, code, { appOnly: true }))) {
            throw new HttpError(403, wrongCodeMessage);
          }
        } finally {
          await check.settle();
        }
        const origin = requestOrigin(request);
        deferred.runAfterAnswer(reply, 'email change mail', () =>
          startChange(account.userId, newEmail, user.antiPhishingPhrase !== null),
        );
        await recordActivity(db, account.userId, 'email_change_requested', { origin, detail: newEmail });
        tellOwner.send(account.userId, 'email change requested', origin, `new address: ${newEmail}`);
        reply.status(202);
        return { msg: `Check your inbox at ${newEmail} and follow the link to confirm the change.` };
      },
    },

    confirmEmailChange: {
      rateLimit: { max: 10, timeWindow: '15 minutes' },
      async handler(request): Promise<Schemas['Message']> {
        const now = new Date();
        const [change] = await db
          .select({
            id: emailChanges.id,
            userId: emailChanges.userId,
            newEmail: emailChanges.newEmail,
            expiresAt: emailChanges.expiresAt,
            confirmedAt: emailChanges.confirmedAt,
            oldEmail: users.email,
          })
          .from(emailChanges)
          .innerJoin(users, eq(users.id, emailChanges.userId))
          .where(eq(emailChanges.tokenHash, hashToken(request.body.token)))
          .limit(1);
        if (!change) throw new HttpError(400, unknownLinkMessage);
        request.securitySubject = change.userId;
        if (change.confirmedAt) throw new HttpError(400, usedLinkMessage);
        if (change.expiresAt <= now) throw new HttpError(400, expiredLinkMessage);
        const [other] = await db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.email, change.newEmail), ne(users.id, change.userId)))
          .limit(1);
        if (other) throw new HttpError(409, addressTakenMessage);
        const origin = requestOrigin(request);
        const revertToken = newToken();
        try {
          await db.transaction(async (tx) => {
            // Confirmed once: of two clicks at once, one changes the email and the other is told.
            // The old address gets a link that undoes the change: its owner may not be who asked.
            const [confirmed] = await tx
              .update(emailChanges)
              .set({
                confirmedAt: now,
                oldEmail: change.oldEmail,
                revertTokenHash: hashToken(revertToken),
                revertExpiresAt: new Date(now.getTime() + emailChangeRevertValidityMs),
              })
              .where(and(eq(emailChanges.id, change.id), isNull(emailChanges.confirmedAt)))
              .returning({ id: emailChanges.id });
            if (!confirmed) throw new HttpError(400, usedLinkMessage);
            await cancelEmailChanges(tx, change.userId);
            // Following the link proves the new address, as the verification link would. The unique
            // index on the email decides a race with a sign-up or another change to the same address.
            await tx
              .update(users)
              .set({ email: change.newEmail, emailVerifiedAt: now, updatedAt: now })
              .where(eq(users.id, change.userId));
            await pauseWithdrawals(tx, config, change.userId, 'email_changed', now);
            await recordActivity(tx, change.userId, 'email_changed', {
              origin,
              detail: `${change.oldEmail} → ${change.newEmail}`,
            });
          });
        } catch (error) {
          if (isUniqueViolation(error, 'users_email_unique')) throw new HttpError(409, addressTakenMessage);
          throw error;
        }
        await forgetCheckedAccount(db, sessionChecks, change.userId);
        // Whoever was signed in under the old address is signed out: every session but the one that
        // followed the link, when it was followed signed in to this account.
        const token = bearerToken(request);
        const confirmer = token ? await findSignedInAccount(db, sessionChecks, token, config, now) : null;
        const keep = confirmer?.userId === change.userId ? confirmer.sessionId : null;
        const ended = await endOtherSessions(db, sessionChecks, change.userId, keep, now);
        logSessionsRevoked(request, change.userId, 'email changed', ended);
        // The old address is told, with the account's anti-phishing phrase (it is the owner's), and
        // with the link that undoes the change.
        tellOwner.send(
          change.userId,
          'email changed',
          origin,
          `new address: ${change.newEmail}`,
          change.oldEmail,
          { label: 'This was not me: undo the change', href: emailChangeRevertLink(config, revertToken) },
        );
        return { msg: `Your email is now ${change.newEmail}. Use it to sign in.` };
      },
    },

    revertEmailChange: {
      rateLimit: { max: 10, timeWindow: '15 minutes' },
      async handler(request): Promise<Schemas['Message']> {
        const now = new Date();
        const [change] = await db
          .select({
            id: emailChanges.id,
            userId: emailChanges.userId,
            newEmail: emailChanges.newEmail,
            oldEmail: emailChanges.oldEmail,
            revertExpiresAt: emailChanges.revertExpiresAt,
            revertedAt: emailChanges.revertedAt,
          })
          .from(emailChanges)
          .where(eq(emailChanges.revertTokenHash, hashToken(request.body.token)))
          .limit(1);
        if (!change?.oldEmail || !change.revertExpiresAt) throw new HttpError(400, unknownLinkMessage);
        request.securitySubject = change.userId;
        if (change.revertedAt) throw new HttpError(400, usedRevertLinkMessage);
        if (change.revertExpiresAt <= now) throw new HttpError(400, expiredRevertLinkMessage);
        const oldEmail = change.oldEmail;
        const origin = requestOrigin(request);
        try {
          await db.transaction(async (tx) => {
            // Undone once: of two clicks at once, one gives the address back and the other is told.
            const [reverted] = await tx
              .update(emailChanges)
              .set({ revertedAt: now })
              .where(and(eq(emailChanges.id, change.id), isNull(emailChanges.revertedAt)))
              .returning({ id: emailChanges.id });
            if (!reverted) throw new HttpError(400, usedRevertLinkMessage);
            await cancelEmailChanges(tx, change.userId);
            // The old address signs in again; whoever changed it is signed out everywhere and cannot
            // take the money out before the owner has reset the password.
            await tx
              .update(users)
              .set({ email: oldEmail, updatedAt: now })
              .where(eq(users.id, change.userId));
            await pauseWithdrawals(tx, config, change.userId, 'email_changed', now);
            await recordActivity(tx, change.userId, 'email_changed', {
              origin,
              detail: `${change.newEmail} → ${oldEmail} (undone from the old address)`,
            });
          });
        } catch (error) {
          if (isUniqueViolation(error, 'users_email_unique'))
            throw new HttpError(409, oldAddressTakenMessage);
          throw error;
        }
        await forgetCheckedAccount(db, sessionChecks, change.userId);
        const ended = await endOtherSessions(db, sessionChecks, change.userId, null, now);
        logSessionsRevoked(request, change.userId, 'email change reverted', ended);
        tellOwner.send(change.userId, 'email change reverted', origin, `back to ${oldEmail}`);
        return {
          msg: `Your email is ${oldEmail} again, and every session is signed out. Reset your password now.`,
        };
      },
    },
  } satisfies Operations;
}
