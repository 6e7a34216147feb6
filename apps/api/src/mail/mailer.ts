import nodemailer from 'nodemailer';
import type { Config } from '../config/config';
import type { Database } from '../db/database';
import { mailOutbox } from '../db/schema';

/** One message, always in both HTML and plain text; `links` are the URLs it asks the reader to follow. */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  replyTo?: string;
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

export function createMailer(options: {
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>;
  db: Database;
  announce?: OutboxAnnouncer;
}): Mailer {
  const { config, db, announce = printToConsole } = options;
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL);
    return {
      mode: 'smtp',
      async send(message) {
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
    async send(message) {
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
