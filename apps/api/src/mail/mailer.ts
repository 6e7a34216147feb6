import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Config } from '../config/config';
import { type Database, rowsOf } from '../db/database';
import { mailOutbox, users } from '../db/schema';
import { writeBatches } from '../db/write-batches';
import type { MailMessage } from './message';
import { withAntiPhishingPhrase } from './messages';

export type { MailMessage } from './message';

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
 * The anti-phishing phrase of the account each mail is for, read when it is sent, so every mail of
 * every module shows the phrase the owner has set at that moment: the account named by `accountId`,
 * else the one whose email is the recipient's address. Null when there is no such account or no
 * phrase. One query for any number of mails, answered in their order.
 */
async function antiPhishingPhrasesFor(db: Database, mails: MailMessage[]): Promise<(string | null)[]> {
  const wanted = mails.map((mail) => ({ id: mail.accountId ?? null, to: mail.to.trim() }));
  const rows = rowsOf<{ phrase: string | null }>(
    await db.execute(sql`
      SELECT coalesce(
        (SELECT ${users.antiPhishingPhrase} FROM ${users} WHERE ${users.id} = (wanted.mail ->> 'id')::uuid),
        (SELECT ${users.antiPhishingPhrase} FROM ${users}
          WHERE wanted.mail ->> 'id' IS NULL AND ${users.email} = lower(wanted.mail ->> 'to'))) AS phrase
      FROM jsonb_array_elements(${JSON.stringify(wanted)}::jsonb) WITH ORDINALITY AS wanted (mail, n)
      ORDER BY wanted.n`),
  );
  return mails.map((_, index) => rows[index]?.phrase ?? null);
}

export function createMailer(options: {
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>;
  db: Database;
  announce?: OutboxAnnouncer;
}): Mailer {
  const { config, db, announce = printToConsole } = options;
  /** The mails as they are sent: each with its account's anti-phishing phrase, when it has one. */
  const shown = async (mails: MailMessage[]): Promise<MailMessage[]> => {
    const phrases = await antiPhishingPhrasesFor(db, mails);
    return mails.map((mail, index) => {
      const phrase = phrases[index];
      return phrase ? withAntiPhishingPhrase(mail, phrase) : mail;
    });
  };
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL);
    return {
      mode: 'smtp',
      async send(mail) {
        const [message = mail] = await shown([mail]);
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
  // The outbox stores mails in batches: those sent while one batch is stored share the next
  // statement (under load, a mail each review would otherwise be a commit each).
  const store = writeBatches<MailMessage>(async (mails) => {
    const messages = await shown(mails);
    await db.insert(mailOutbox).values(
      messages.map((message) => ({
        from: config.MAIL_FROM,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        links: message.links,
      })),
    );
    for (const message of messages) announce(message);
  });
  return {
    mode: 'outbox',
    send: store,
    close: () => undefined,
  };
}
