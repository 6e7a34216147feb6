import { eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Config } from '../config/config';
import type { Database } from '../db/database';
import { mailOutbox, users } from '../db/schema';
import { withAntiPhishingPhrase } from './messages';

/** One message, always in both HTML and plain text; `links` are the URLs it asks the reader to follow. */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  replyTo?: string;
  /**
   * The account the mail is for when `to` is no longer its address (the old address, after a change
   * of email): its anti-phishing phrase is shown. Otherwise the account whose email is `to`, if any.
   */
  accountId?: string;
};

export type Mailer = {
  /** `smtp` sends to SMTP_URL; `outbox` stores the message and prints its links (no SMTP_URL). */
  readonly mode: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
};

/** Where the outbox shows a new message's links: the console when the server runs for a person. */
export type OutboxAnnouncer = (message: MailMessage) => void;

/** Prints an outbox message's links, so a person on a fresh machine can follow them. */
export const printToConsole: OutboxAnnouncer = (message) => {
  const lines = [`Mail to ${message.to}: ${message.subject}`, ...message.links.map((link) => `  ${link}`)];
  console.log(`\n[outbox] ${lines.join('\n')}\n`);
};

/**
 * The anti-phishing phrase of the account a mail is for, read when it is sent, so every mail of every
 * module shows the phrase the owner has set at that moment: the account named by `accountId`, else
 * the one whose email is the recipient's address. Null when there is no such account or no phrase.
 */
async function antiPhishingPhraseFor(db: Database, mail: MailMessage): Promise<string | null> {
  const [account] = await db
    .select({ phrase: users.antiPhishingPhrase })
    .from(users)
    .where(mail.accountId ? eq(users.id, mail.accountId) : eq(users.email, sql`lower(${mail.to.trim()})`))
    .limit(1);
  return account?.phrase ?? null;
}

export function createMailer(options: {
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>;
  db: Database;
  announce?: OutboxAnnouncer;
}): Mailer {
  const { config, db, announce = printToConsole } = options;
  const shown = async (mail: MailMessage): Promise<MailMessage> => {
    const phrase = await antiPhishingPhraseFor(db, mail);
    return phrase ? withAntiPhishingPhrase(mail, phrase) : mail;
  };
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL);
    return {
      mode: 'smtp',
      async send(mail) {
        const message = await shown(mail);
        await transport.sendMail({
          from: config.MAIL_FROM,
          to: message.to,
          replyTo: message.replyTo,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
      },
      close: () => transport.close(),
    };
  }
  return {
    mode: 'outbox',
    async send(mail) {
      const message = await shown(mail);
      await db.insert(mailOutbox).values({
        from: config.MAIL_FROM,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        links: message.links,
      });
      announce(message);
    },
    close: () => undefined,
  };
}
