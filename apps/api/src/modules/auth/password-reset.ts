import type { operations } from '@ledgerline/api-client/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { accountTokens, users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { Operations } from '../../http/operations';
import { logSessionsRevoked } from '../../http/security-events';
import { passwordResetLink, passwordResetMail } from '../../mail/messages';
import { passwordPolicyProblem } from '../../policies/password-policy';
import type { Services } from '../../services';
import { recordActivity } from './activity';
import { cancelEmailChanges } from './email-change';
import { hashPassword } from './password-hashing';
import { securityMailer } from './security-mail';
import { endOtherSessions } from './sessions';
import { hashToken, newToken } from './tokens';
import { endSignInChallenges } from './two-factor';
import { requestOrigin } from './user-agent';
import { pauseWithdrawals } from './withdrawal-pause';

type Message = operations['forgotPassword']['responses'][200]['content']['application/json'];

/** A reset link is valid for one hour. */
const resetValidityMs = 3_600_000;

const invalidLink = 'This reset link is not valid or has expired. Please request a new one.';

/** Reset mails one email may be sent in an hour, whatever addresses ask for them. */
export const resetMailsPerEmail = 5;
const resetMailWindowMs = 60 * 60 * 1000;

export function passwordResetOperations(services: Services) {
  const { config, db, mailer, deferred, attempts, failedSignIns, sessionChecks } = services;
  const tellOwner = securityMailer(services);
  /** Mails a reset link when the account exists; a new link replaces any earlier unused one. */
  async function sendResetLink(email: string): Promise<void> {
    const [user] = await db
      .select({ id: users.id, fullname: users.fullname, emailVerifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.email, email))
      .limit(1);
    if (!user) return;
    const now = new Date();
    const token = newToken();
    await db.transaction(async (tx) => {
      await tx
        .update(accountTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(accountTokens.userId, user.id),
            eq(accountTokens.purpose, 'reset_password'),
            isNull(accountTokens.usedAt),
          ),
        );
      await tx.insert(accountTokens).values({
        userId: user.id,
        purpose: 'reset_password',
        tokenHash: hashToken(token),
        expiresAt: new Date(now.getTime() + resetValidityMs),
        createdAt: now,
      });
    });
    await mailer.send(
      passwordResetMail(
        config,
        { email, ...(user.emailVerifiedAt ? { verifiedName: user.fullname } : {}) },
        passwordResetLink(config, email, token),
      ),
    );
  }

  return {
    forgotPassword: {
      rateLimit: { max: 5, timeWindow: '15 minutes' },
      async handler(request, reply): Promise<Message> {
        const email = request.body.email.trim().toLowerCase();
        // Per email as well as per address: no one's inbox is filled with reset mail from many places.
        // Counted for any email, so the answer says nothing about whether an account has it.
        const { count, retryAfterMs } = await attempts.hit(
          `forgot-password:email:${email}`,
          resetMailWindowMs,
        );
        if (count > resetMailsPerEmail) {
          const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
          throw new HttpError(
            429,
            `Too many reset requests for this email. Please try again in ${Math.ceil(seconds / 60)} minute(s).`,
            { 'retry-after': String(seconds) },
          );
        }
        // Looking the account up, making the token and mailing happen after the answer: the answer
        // and its timing are the same whether or not the account exists.
        deferred.runAfterAnswer(reply, 'password reset mail', () => sendResetLink(email));
        return { msg: 'If an account exists for this email, a reset link has been sent.' };
      },
    },

    resetPassword: {
      rateLimit: { max: 10, timeWindow: '15 minutes' },
      async handler(request): Promise<Message> {
        const body = request.body;
        if (body.password !== body.confirmPassword)
          throw new HttpError(400, 'confirmPassword must match password');
        const policyProblem = passwordPolicyProblem(body.password, 'password');
        if (policyProblem) throw new HttpError(400, policyProblem);

        const email = body.email.trim().toLowerCase();
        const now = new Date();
        const [token] = await db
          .select({ id: accountTokens.id, userId: accountTokens.userId })
          .from(accountTokens)
          .innerJoin(users, eq(users.id, accountTokens.userId))
          .where(
            and(
              eq(accountTokens.tokenHash, hashToken(body.token)),
              eq(accountTokens.purpose, 'reset_password'),
              eq(users.email, email),
              isNull(accountTokens.usedAt),
              gt(accountTokens.expiresAt, now),
            ),
          )
          .limit(1);
        if (!token) throw new HttpError(400, invalidLink);

        const passwordHash = await hashPassword(body.password);
        const reset = await db.transaction(async (tx) => {
          const [used] = await tx
            .update(accountTokens)
            .set({ usedAt: now })
            .where(and(eq(accountTokens.id, token.id), isNull(accountTokens.usedAt)))
            .returning({ id: accountTokens.id });
          if (!used) return false;
          // A password chosen through the mailed link also ends the need to choose one.
          await tx
            .update(users)
            .set({ passwordHash, mustChangePassword: false, updatedAt: now })
            .where(eq(users.id, token.userId));
          await pauseWithdrawals(tx, config, token.userId, 'password_reset', now);
          // Following the mailed link proves the address, as the verification link would.
          await tx
            .update(users)
            .set({ emailVerifiedAt: now })
            .where(and(eq(users.id, token.userId), isNull(users.emailVerifiedAt)));
          await cancelEmailChanges(tx, token.userId);
          // No sign-in begun with the old password can be finished with a code.
          await endSignInChallenges(tx, token.userId, now);
          return endOtherSessions(tx, sessionChecks, token.userId, null, now);
        });
        if (reset === false) throw new HttpError(400, invalidLink);
        request.securitySubject = token.userId;
        logSessionsRevoked(request, token.userId, 'password reset', reset);
        await recordActivity(db, token.userId, 'password_reset', { origin: requestOrigin(request) });
        // A reset is a change of password like any other: the owner hears of it, and can act if it
        // was not them.
        tellOwner.send(token.userId, 'password changed', requestOrigin(request), 'through a reset link');
        // Whoever was locked out by failed sign-ins has proved the address: they may sign in at once.
        await failedSignIns.forgetAccount(email).catch((error: unknown) => {
          // The password is reset all the same; the lockout then ends with its window.
          request.log.warn({ err: error }, 'failed sign-ins could not be forgotten after a reset');
        });
        return { msg: 'Your password has been reset. You can now sign in.' };
      },
    },
  } satisfies Operations;
}
