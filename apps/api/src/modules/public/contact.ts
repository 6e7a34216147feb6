import type { operations } from '@ledgerline/api-client/contract';
import { contactMessages } from '../../db/schema';
import type { Operations } from '../../http/operations';
import { contactMessageMail } from '../../mail/messages';
import type { Services } from '../../services';

type Message = operations['submitContactMessage']['responses'][201]['content']['application/json'];

/** `POST /contact-us`: the message is stored first (nothing is lost), then mailed to SUPPORT_EMAIL. */
export function contactOperations({ config, db, mailer }: Services) {
  return {
    submitContactMessage: {
      rateLimit: { max: 5, timeWindow: '15 minutes' },
      async handler(request, reply): Promise<Message> {
        const body = request.body;
        const contact = {
          name: body.name.trim(),
          email: body.email.trim().toLowerCase(),
          message: body.message.trim(),
        };
        await db.insert(contactMessages).values(contact);
        try {
          await mailer.send(contactMessageMail(config, contact));
        } catch (error) {
          // Stored already: support can still read it in the database.
          request.log.error({ err: error }, 'the contact message could not be mailed to support');
        }
        reply.status(201);
        return { msg: 'Thank you for reaching out. Our support team will reply shortly.' };
      },
    },
  } satisfies Operations;
}
