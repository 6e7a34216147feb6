import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

/** A received message, parsed as a mail client would. */
export type ReceivedMail = Email & { envelopeTo: string[] };

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives: the mailer under test talks SMTP to
 * it exactly as it would to a production relay.
 */
export async function startMailSink() {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((email) => {
            received.push({ ...email, envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address) });
            for (const wake of waiters) wake();
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /**
     * The first message to `to` (matching `where`), waiting up to `timeoutMs` for it to arrive: a
     * failure's deadline, generous because a busy machine may take long to send it.
     */
    async waitForMail(to: string, where: (mail: ReceivedMail) => boolean = () => true, timeoutMs = 30_000) {
      const find = () => received.find((mail) => mail.envelopeTo.includes(to) && where(mail));
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = find();
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
          setTimeout(wake, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type MailSink = Awaited<ReturnType<typeof startMailSink>>;

let current: Promise<MailSink> | undefined;

/** This test file's mail sink, started on first use. */
export function mailSink(): Promise<MailSink> {
  current ??= startMailSink();
  return current;
}

export async function stopMailSink(): Promise<void> {
  if (!current) return;
  const sink = current;
  current = undefined;
  await (await sink).close();
}

/** The first link in a message's plain text that starts with `prefix`. */
export function linkIn(mail: Email, prefix: string): URL {
  const match = (mail.text ?? '').match(/https?:\/\/\S+/g)?.find((link) => link.startsWith(prefix));
  if (!match) throw new Error(`No link starting with ${prefix} in: ${mail.text}`);
  return new URL(match);
}
