import type { operations } from '@ledgerline/api-client/contract';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { Operations } from '../../http/operations';
import { logSessionsRevoked } from '../../http/security-events';
import type { Services } from '../../services';
import { decoyPasswordHash, isPasswordCorrect } from './password-hashing';
import { endSession, signedInAccount, startSession } from './sessions';

type LoginResult = operations['login']['responses'][200]['content']['application/json'];
type Message = operations['logout']['responses'][200]['content']['application/json'];

export function signInOperations({ config, db, failedSignIns }: Services) {
  return {
    login: {
      // Every attempt, failed or not: a ceiling well above what a person needs.
      rateLimit: { max: 60, timeWindow: '15 minutes' },
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
        if (!user || !correct) throw new HttpError(401, 'Wrong email or password');
        await attempt.succeeded();
        // Said only to someone who knows the password, so it reveals nothing to anyone else.
        if (!user.emailVerifiedAt) {
          throw new HttpError(
            403,
            'Please verify your email before signing in: follow the link in the message we sent you.',
          );
        }
        const session = await startSession(db, user.id, config);
        logSessionsRevoked(request, user.id, 'session cap', session.ended);
        return {
          token: session.token,
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
        await endSession(db, signedInAccount(request).sessionId);
        return { msg: 'Signed out' };
      },
    },
  } satisfies Operations;
}
