import type { operations } from '@ledgerline/api-client/contract';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { Operations } from '../../http/operations';
import { logSessionsRevoked } from '../../http/security-events';
import type { Services } from '../../services';
import { recordActivity } from './activity';
import { decoyPasswordHash, isPasswordCorrect } from './password-hashing';
import { securityMailer } from './security-mail';
import { endSession, signedInAccount, startSession } from './sessions';
import { startChallenge } from './two-factor';
import { requestOrigin } from './user-agent';

type LoginResult = operations['login']['responses'][200]['content']['application/json'];
type Message = operations['logout']['responses'][200]['content']['application/json'];

export function signInOperations(services: Services) {
  const { config, db, failedSignIns, sessionChecks } = services;
  const tellOwner = securityMailer(services);
  return {
    login: {
      // Every attempt, failed or not: a ceiling well above what a person needs.
      rateLimit: { max: config.SIGN_INS_PER_15_MINUTES, timeWindow: '15 minutes' },
      async handler(request): Promise<LoginResult> {
        const body = request.body;
        const email = body.email.trim().toLowerCase();
        const attempt = await failedSignIns.begin(request, email);
        const [user] = await db
          .select({
            id: users.id,
            fullname: users.fullname,
            role: users.role,
            passwordHash: users.passwordHash,
            emailVerifiedAt: users.emailVerifiedAt,
            mustChangePassword: users.mustChangePassword,
            twoFactorSecret: users.twoFactorSecret,
          })
          .from(users)
          .where(eq(users.email, email))
          .limit(1);
        // An unknown email costs the same hash as a wrong password: timing does not tell them apart.
        const correct = await isPasswordCorrect(
          user?.passwordHash ?? (await decoyPasswordHash()),
          body.password,
        );
        request.securitySubject = user?.id ?? null;
        const origin = requestOrigin(request);
        if (user && !correct) await recordActivity(db, user.id, 'sign_in_failed', { origin });
        if (!user || !correct) throw new HttpError(401, 'Wrong email or password');
        await attempt.succeeded();
        // Said only to someone who knows the password, so it reveals nothing to anyone else.
        if (!user.emailVerifiedAt) {
          throw new HttpError(
            403,
            'Please verify your email before signing in: follow the link in the message we sent you.',
          );
        }
        // With two-factor on, the password alone gives no session: the code is the second step.
        if (user.twoFactorSecret) {
          request.secondFactorPending = true;
          return startChallenge(db, user.id, origin);
        }
        await recordActivity(db, user.id, 'sign_in', { origin });
        const session = await startSession(db, sessionChecks, user.id, config, new Date(), origin);
        await tellOwner.signedIn(user.id, session.sessionId, origin);
        logSessionsRevoked(request, user.id, 'session cap', session.ended);
        return {
          token: session.token,
          userId: user.id,
          name: user.fullname,
          role: user.role,
          expiresAt: session.expiresAt.toISOString(),
          // The site then asks for a new password before anything else; the server refuses the rest.
          mustChangePassword: user.mustChangePassword,
        };
      },
    },

    logout: {
      async handler(request): Promise<Message> {
        await endSession(db, sessionChecks, signedInAccount(request).sessionId);
        return { msg: 'Signed out' };
      },
    },
  } satisfies Operations;
}
