import type { operations } from '@ledgerline/api-client';
import type { FastifyRequest } from 'fastify';
import { newsletterSubscriptions } from '../../db/schema';
import type { Operations } from '../../http/operations';
import type { Services } from '../../services';

type NewsletterSubscription = operations['subscribeNewsletter']['requestBody']['content']['application/json'];
type Message = operations['subscribeNewsletter']['responses'][200]['content']['application/json'];

/** `POST /newsletter`: one subscription per address; subscribing again answers the same. */
export function newsletterOperations({ db }: Services): Operations {
  return {
    subscribeNewsletter: {
      rateLimit: { max: 10, timeWindow: '15 minutes' },
      async handler(request: FastifyRequest): Promise<Message> {
        const { email } = request.body as NewsletterSubscription;
        await db
          .insert(newsletterSubscriptions)
          .values({ email: email.trim().toLowerCase() })
          .onConflictDoNothing({ target: newsletterSubscriptions.email });
        return { msg: 'You are subscribed to our newsletter.' };
      },
    },
  };
}
