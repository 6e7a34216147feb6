import type { operations } from '@ledgerline/api-client/contract';
import { newsletterSubscriptions } from '../../db/schema';
import type { Operations } from '../../http/operations';
import type { Services } from '../../services';

type Message = operations['subscribeNewsletter']['responses'][200]['content']['application/json'];

/** `POST /newsletter`: one subscription per address; subscribing again answers the same. */
export function newsletterOperations({ db }: Services) {
  return {
    subscribeNewsletter: {
      rateLimit: { max: 10, timeWindow: '15 minutes' },
      async handler(request): Promise<Message> {
        const { email } = request.body;
        await db
          .insert(newsletterSubscriptions)
          .values({ email: email.trim().toLowerCase() })
          .onConflictDoNothing({ target: newsletterSubscriptions.email });
        return { msg: 'You are subscribed to our newsletter.' };
      },
    },
  } satisfies Operations;
}
