import type { components } from '@ledgerline/api-client/contract';
import { and, count, eq, isNull, lt, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Tx } from '../../db/database';
import { recoveryCodes, signInChallenges, users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { Operations } from '../../http/operations';
import { logSessionsRevoked } from '../../http/security-events';
import type { Services } from '../../services';
import { recordActivity } from './activity';
import { isPasswordCorrect } from './password-hashing';
import { secondFactorColumns, spendSecondFactor } from './second-factor';
import { securityMailer } from './security-mail';
import {
  endOtherSessions,
  forgetCheckedAccount,
  type SignedInAccount,
  signedInAccount,
  startSession,
} from './sessions';
import { hashToken, newToken } from './tokens';
import { hashRecoveryCode, newRecoveryCode, newTotpSecret, recoveryCodeCount, totpUri } from './totp';
import { type RequestOrigin, requestOrigin } from './user-agent';
import { activePause, pauseWithdrawals } from './withdrawal-pause';

type Schemas = components['schemas'];

/** How long the second step of a sign-in may wait for its code. */
export const challengeLifetimeMs = 5 * 60_000;

export const wrongCodeMessage =
  'That code is not right, or was already used. Check the time on your device and use the newest code.';
export const twoFactorCodeNeededMessage =
  'Enter the code from your authenticator app: withdrawals need one while two-factor is on.';
export const challengeExpiredMessage = 'This sign-in has expired. Please sign in again.';

/** Whether an account must have two-factor on before anything else: admins, unless made optional. */
export function mustHaveTwoFactor(
  account: Pick<SignedInAccount, 'role'>,
  config: Pick<Services['config'], 'ADMIN_TWO_FACTOR'>,
): boolean {
  return account.role === 'admin' && config.ADMIN_TWO_FACTOR === 'required';
}

/** Wrong codes on one sign-in after which its owner is mailed: a typo is one, a guesser many. */
export const wrongCodesBeforeMail = 3;

/**
 * Ends every open second step of the account's sign-ins: a password changed or reset leaves no
 * sign-in that began with the old one to be finished with a code.
 */
export async function endSignInChallenges(db: Pick<Tx, 'update'>, userId: string, now = new Date()) {
  await db
    .update(signInChallenges)
    .set({ usedAt: now })
    .where(and(eq(signInChallenges.userId, userId), isNull(signInChallenges.usedAt)));
}

/** Deletes the second steps that can no longer be finished (expired): the table holds live ones. */
export async function deleteEndedSignInChallenges(db: Pick<Tx, 'delete'>, now = new Date()) {
  await db.delete(signInChallenges).where(lt(signInChallenges.expiresAt, now));
}

/**
 * A sign-in whose password was right, for an account with two-factor on: a challenge to finish with a
 * code, of which only the hash is kept, valid for minutes and finished once.
 */
export async function startChallenge(
  db: Services['db'],
  userId: string,
  origin: RequestOrigin,
  now = new Date(),
): Promise<Schemas['TwoFactorChallenge']> {
  const challenge = newToken();
  const expiresAt = new Date(now.getTime() + challengeLifetimeMs);
  await db.insert(signInChallenges).values({
    userId,
    tokenHash: hashToken(challenge),
    ...origin,
    expiresAt,
    createdAt: now,
  });
  return { twoFactorRequired: true, challenge, expiresAt: expiresAt.toISOString() };
}

/**
 * Two-factor authentication with an authenticator app: setting it up (a secret shown as text and as
 * a QR code drawn here), turning it on with the password and a first code (answering recovery codes
 * once), turning it off with the password and a code (ending every other session), and the second step of a sign-in. Every wrong code counts as a
 * failed sign-in of the account.
 */
export function twoFactorOperations(services: Services) {
  const { config, db, failedSignIns, sessionChecks, secrets } = services;
  const tellOwner = securityMailer(services);
  const accountOf = async (userId: string) => {
    const [user] = await db
      .select({
        ...secondFactorColumns,
        email: users.email,
        fullname: users.fullname,
        role: users.role,
        passwordHash: users.passwordHash,
        mustChangePassword: users.mustChangePassword,
        emailVerifiedAt: users.emailVerifiedAt,
        twoFactorPendingSecret: users.twoFactorPendingSecret,
        twoFactorEnabledAt: users.twoFactorEnabledAt,
        withdrawalsPausedUntil: users.withdrawalsPausedUntil,
        antiPhishingPhrase: users.antiPhishingPhrase,
      })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) throw new HttpError(401, 'Please sign in again');
    return user;
  };

  return {
    getSecurity: {
      async handler(request): Promise<Schemas['SecuritySettings']> {
        const account = signedInAccount(request);
        const user = await accountOf(account.userId);
        const [left] = await db
          .select({ count: count() })
          .from(recoveryCodes)
          .where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt)));
        const enabled = user.twoFactorSecret !== null;
        return {
          twoFactorEnabled: enabled,
          twoFactorEnabledAt: user.twoFactorEnabledAt?.toISOString() ?? null,
          recoveryCodesLeft: enabled ? (left?.count ?? 0) : 0,
          twoFactorRequired: !enabled && mustHaveTwoFactor(account, config),
          withdrawalsPausedUntil: activePause(user.withdrawalsPausedUntil)?.toISOString() ?? null,
          antiPhishingPhrase: user.antiPhishingPhrase,
        };
      },
    },

    setupTwoFactor: {
      async handler(request, reply): Promise<Schemas['TwoFactorSetup']> {
        const user = await accountOf(signedInAccount(request).userId);
        if (user.twoFactorSecret) throw new HttpError(409, 'Two-factor authentication is already on');
        const secret = newTotpSecret();
        // Kept sealed, as the secret it becomes is: the database never holds it in clear.
        await db
          .update(users)
          .set({ twoFactorPendingSecret: secrets.seal(secret, user.id) })
          .where(eq(users.id, user.id));
        const otpauthUri = totpUri(secret, config.PRODUCT_NAME, user.email);
        const qrCode = await QRCode.toDataURL(otpauthUri, {
          errorCorrectionLevel: 'M',
          margin: 2,
          width: 240,
        });
        // The secret is as good as a password while it is shown: no cache keeps it.
        reply.header('cache-control', 'no-store');
        return { secret, otpauthUri, qrCode };
      },
    },

    enableTwoFactor: {
      async handler(request): Promise<Schemas['TwoFactorEnabled']> {
        const user = await accountOf(signedInAccount(request).userId);
        if (user.twoFactorSecret) throw new HttpError(409, 'Two-factor authentication is already on');
        const pending = user.twoFactorPendingSecret;
        if (!pending) throw new HttpError(400, 'Start the setup first: no secret is waiting for a code.');
        // The password first: a signed-in session alone (a stolen token) must not turn two-factor on,
        // keep the recovery codes and lock the owner out. A wrong one counts as a failed sign-in.
        const attempt = await failedSignIns.begin(request, user.email);
        if (!(await isPasswordCorrect(user.passwordHash, request.body.password))) {
          throw new HttpError(400, 'password is incorrect');
        }
        const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
        const now = new Date();
        await db.transaction(async (tx) => {
          // The pending secret becomes the secret only if it is still the one the code was made for; it
          // moves sealed as it is (sealed for this account, it opens in either column).
          const [row] = await tx
            .update(users)
            .set({ twoFactorSecret: pending, twoFactorPendingSecret: null, twoFactorEnabledAt: now })
            .where(
              and(
                eq(users.id, user.id),
                eq(users.twoFactorPendingSecret, pending),
                sql`${users.twoFactorSecret} IS NULL`,
              ),
            )
            .returning(secondFactorColumns);
          if (!row) throw new HttpError(409, 'Two-factor authentication is already on');
          // The first code proves the app has the secret; it is spent like any other. A wrong one
          // undoes the whole step: the secret stays pending.
          if (!(await spendSecondFactor(tx, secrets, row, request.body.code, { appOnly: true, now }))) {
            throw new HttpError(400, wrongCodeMessage);
          }
          await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
          await tx
            .insert(recoveryCodes)
            .values(
              codes.map((code) => ({ userId: user.id, codeHash: hashRecoveryCode(code), createdAt: now })),
            );
          await recordActivity(tx, user.id, 'two_factor_enabled', { origin: requestOrigin(request) });
        });
        await attempt.succeeded();
        // The session check reads whether two-factor is on (an admin's rights depend on it).
        await forgetCheckedAccount(db, sessionChecks, user.id);
        tellOwner.send(user.id, 'two-factor on', requestOrigin(request));
        return { msg: 'Two-factor authentication is on', recoveryCodes: codes };
      },
    },

    disableTwoFactor: {
      async handler(request): Promise<Schemas['Message']> {
        const account = signedInAccount(request);
        if (mustHaveTwoFactor(account, config)) {
          throw new HttpError(403, 'Admins must keep two-factor authentication on.');
        }
        const user = await accountOf(account.userId);
        if (!user.twoFactorSecret) throw new HttpError(400, 'Two-factor authentication is not on');
        const attempt = await failedSignIns.begin(request, user.email);
        if (!(await isPasswordCorrect(user.passwordHash, request.body.password))) {
          throw new HttpError(400, 'password is incorrect');
        }
        await db.transaction(async (tx) => {
          if (!(await spendSecondFactor(tx, secrets, user, request.body.code)))
            throw new HttpError(400, wrongCodeMessage);
          await tx
            .update(users)
            .set({
              twoFactorSecret: null,
              twoFactorPendingSecret: null,
              twoFactorEnabledAt: null,
              twoFactorLastStep: null,
            })
            .where(eq(users.id, user.id));
          await pauseWithdrawals(tx, config, user.id, 'two_factor_disabled');
          await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
          await recordActivity(tx, user.id, 'two_factor_disabled', { origin: requestOrigin(request) });
        });
        await attempt.succeeded();
        await forgetCheckedAccount(db, sessionChecks, user.id);
        // Without two-factor a session is worth the password alone: every session but this one ends,
        // on every instance, so none opened with a code outlives the protection it was opened under.
        const ended = await endOtherSessions(db, sessionChecks, user.id, account.sessionId);
        logSessionsRevoked(request, user.id, 'two-factor turned off', ended);
        tellOwner.send(user.id, 'two-factor off', requestOrigin(request));
        return { msg: 'Two-factor authentication is off' };
      },
    },

    loginTwoFactor: {
      rateLimit: { max: 60, timeWindow: '15 minutes' },
      async handler(request): Promise<Schemas['LoginResult']> {
        const now = new Date();
        const [challenge] = await db
          .select()
          .from(signInChallenges)
          .where(eq(signInChallenges.tokenHash, hashToken(request.body.challenge)));
        if (!challenge || challenge.usedAt || challenge.expiresAt <= now) {
          throw new HttpError(401, challengeExpiredMessage);
        }
        const user = await accountOf(challenge.userId);
        request.securitySubject = user.id;
        const attempt = await failedSignIns.begin(request, user.email);
        const factor = await db.transaction(async (tx) => {
          const spent = await spendSecondFactor(tx, secrets, user, request.body.code, { now });
          // A wrong code leaves the challenge open for another try, within its minutes.
          if (!spent) return null;
          // Finished once: of two answers to one challenge at once, one finishes it; the other's
          // code is given back.
          const [finished] = await tx
            .update(signInChallenges)
            .set({ usedAt: now })
            .where(and(eq(signInChallenges.id, challenge.id), isNull(signInChallenges.usedAt)))
            .returning({ id: signInChallenges.id });
          if (!finished) throw new HttpError(401, challengeExpiredMessage);
          return spent;
        });
        if (!factor) {
          // A failed sign-in like a wrong password: it stays counted, and is in the activity log.
          await recordActivity(db, user.id, 'sign_in_failed', {
            origin: requestOrigin(request),
            detail: 'Wrong two-factor code',
          });
          // The right password then wrong codes, again and again: someone else may know the password.
          // The owner is told once per sign-in, at the third wrong code.
          const [counted] = await db
            .update(signInChallenges)
            .set({ wrongCodes: sql`${signInChallenges.wrongCodes} + 1` })
            .where(eq(signInChallenges.id, challenge.id))
            .returning({ wrongCodes: signInChallenges.wrongCodes });
          if (counted?.wrongCodes === wrongCodesBeforeMail) {
            tellOwner.send(user.id, 'wrong two-factor codes', {
              userAgent: challenge.userAgent,
              network: challenge.network,
            });
          }
          throw new HttpError(401, wrongCodeMessage);
        }
        await attempt.succeeded();
        const origin = { userAgent: challenge.userAgent, network: challenge.network };
        if (factor === 'recovery code') {
          await recordActivity(db, user.id, 'recovery_code_used', { origin });
          tellOwner.send(user.id, 'recovery code used', origin);
        }
        await recordActivity(db, user.id, 'sign_in', { origin });
        const session = await startSession(db, sessionChecks, user.id, config, now, origin);
        await tellOwner.signedIn(user.id, session.sessionId, origin);
        return {
          token: session.token,
          userId: user.id,
          name: user.fullname,
          role: user.role,
          expiresAt: session.expiresAt.toISOString(),
          mustChangePassword: user.mustChangePassword,
        };
      },
    },
  } satisfies Operations;
}
