import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export type MailInbox = {
  /** Where a server sends its mail (`SMTP_URL`). */
  url: string;
  /** The newest message to `to` whose subject matches, waiting for it to arrive. */
  waitForMail: (to: string, subject: RegExp, timeoutMs?: number) => Promise<Email>;
  close: () => Promise<void>;
};

/**
 * A real SMTP server on 127.0.0.1 that keeps every message it receives in memory, for one server
 * instance a spec starts itself: its mail never mixes with the shared run's mail directory.
 */
export async function startMailInbox(): Promise<MailInbox> {
  const received: Promise<Email>[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(PostalMime.parse(Buffer.concat(chunks)));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  async function waitForMail(to: string, subject: RegExp, timeoutMs = 15_000): Promise<Email> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = (await Promise.all(received))
        .filter(
          (mail) => mail.to?.some((address) => address.address === to) && subject.test(mail.subject ?? ''),
        )
        .at(-1);
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(`No mail to ${to} matching ${subject} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    waitForMail,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
