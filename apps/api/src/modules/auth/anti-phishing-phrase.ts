import {
  antiPhishingPhraseProblem,
  normalizeAntiPhishingPhrase,
} from '@ledgerline/api-client/anti-phishing-phrase';
import type { components } from '@ledgerline/api-client/contract';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { Operations } from '../../http/operations';
import type { Services } from '../../services';
import { recordActivity } from './activity';
import { isPasswordCorrect } from './password-hashing';
import { securityMailer } from './security-mail';
import { signedInAccount } from './sessions';
import { requestOrigin } from './user-agent';

type Schemas = components['schemas'];

/**
 * The anti-phishing phrase: a short phrase of the owner's that the mailer shows at the top of every
 * mail to the account. Setting, changing or removing it changes what every genuine mail looks like,
 * so it needs the password, as a change of email does: a wrong one counts as a failed sign-in. The
 * phrase is checked before the password, so a mistyped phrase never costs an attempt.
 */
export function antiPhishingPhraseOperations(services: Services) {
  const { db, failedSignIns } = services;
  const tellOwner = securityMailer(services);
  return {
    setAntiPhishingPhrase: {
      async handler(request): Promise<Schemas['Message']> {
        const account = signedInAccount(request);
        const phrase = normalizeAntiPhishingPhrase(request.body.phrase);
        if (phrase) {
          const problem = antiPhishingPhraseProblem(phrase);
          if (problem) throw new HttpError(400, problem);
        }
        const [user] = await db
          .select({ email: users.email, passwordHash: users.passwordHash })
          .from(users)
          .where(eq(users.id, account.userId));
        if (!user) throw new HttpError(401, 'Please sign in again');
        const attempt = await failedSignIns.begin(request, user.email);
        if (!(await isPasswordCorrect(user.passwordHash, request.body.password))) {
          throw new HttpError(400, 'password is incorrect');
        }
        await attempt.succeeded();
        const origin = requestOrigin(request);
        await db.transaction(async (tx) => {
          await tx
            .update(users)
            .set({ antiPhishingPhrase: phrase || null, updatedAt: new Date() })
            .where(eq(users.id, account.userId));
          await recordActivity(
            tx,
            account.userId,
            phrase ? 'anti_phishing_phrase_set' : 'anti_phishing_phrase_removed',
            { origin },
          );
        });
        // The mail is sent after the change, so it already shows the new phrase (or none).
        tellOwner.send(
          account.userId,
          phrase ? 'anti-phishing phrase set' : 'anti-phishing phrase removed',
          origin,
        );
        return { msg: phrase ? 'Anti-phishing phrase saved' : 'Anti-phishing phrase removed' };
      },
    },
  } satisfies Operations;
}
