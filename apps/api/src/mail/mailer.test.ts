import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config/config';
import { mailOutbox, users } from '../db/schema';
import { loggerOptions } from '../http/logging';
import { newAddress, registration } from '../testing/accounts';
import { createTestApp } from '../testing/app';
import { expectContract } from '../testing/contract';
import { testDatabase } from '../testing/database';
import { mailSink } from '../testing/mail-sink';
import { createMailer, type MailMessage, printToConsole } from './mailer';

const message: MailMessage = {
  to: 'jane@example.com',
  subject: 'Hello',
  text: 'Hello Jane: http://ledgerline.test/x',
  html: '<p>Hello Jane: <a href="http://ledgerline.test/x">link</a></p>',
  links: ['http://ledgerline.test/x'],
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('mail', () => {
  it('goes over SMTP to SMTP_URL from MAIL_FROM, with HTML and plain text', async () => {
    const sink = await mailSink();
    const { db } = await testDatabase();
    const mailer = createMailer({
      config: { SMTP_URL: sink.url, MAIL_FROM: 'Ledgerline <hello@ledgerline.example>' },
      db,
    });
    expect(mailer.mode).toBe('smtp');
    await mailer.send({ ...message, replyTo: 'asker@example.com' });
    mailer.close();
    const received = await sink.waitForMail('jane@example.com');
    expect(received.from).toMatchObject({ name: 'Ledgerline', address: 'hello@ledgerline.example' });
    expect(received.subject).toBe('Hello');
    expect(received.text?.trim()).toBe(message.text);
    expect(received.html).toContain('<a href="http://ledgerline.test/x">');
    expect(received.replyTo?.[0]?.address).toBe('asker@example.com');
  });

  it('without SMTP_URL, is stored in the outbox and its links announced', async () => {
    const { db } = await testDatabase();
    const announced: MailMessage[] = [];
    const mailer = createMailer({
      config: { MAIL_FROM: 'Ledgerline <no-reply@ledgerline.local>' },
      db,
      announce: (sent) => announced.push(sent),
    });
    expect(mailer.mode).toBe('outbox');
    await mailer.send({ ...message, to: 'outbox-reader@example.com' });
    const [stored] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, 'outbox-reader@example.com'));
    expect(stored).toMatchObject({
      subject: 'Hello',
      text: message.text,
      html: message.html,
      links: message.links,
    });
    expect(announced.map((sent) => sent.links)).toEqual([['http://ledgerline.test/x']]);
  });

  it('prints each outbox message’s links to the console', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    printToConsole(message);
    expect(log).toHaveBeenCalledOnce();
    expect(String(log.mock.calls[0]?.[0])).toContain('  http://ledgerline.test/x');
  });

  it('sign-up works on a fresh machine without SMTP: the verification link is in the outbox', async () => {
    const announced: MailMessage[] = [];
    const app = await createTestApp({ SMTP_URL: '' }, { announceOutbox: (sent) => announced.push(sent) });
    try {
      const payload = registration();
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload,
        remoteAddress: newAddress(),
      });
      await expectContract('registerUser', response);
      expect(response.statusCode).toBe(201);
      // The account is made, and its mail written, after the answer.
      await app.deferred.settled();
      const { db } = await testDatabase();
      const [stored] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, payload.email));
      expect(stored?.links[0]).toMatch(
        /^http:\/\/ledgerline\.test\/verify-email\?email=.+&verificationToken=.+$/,
      );
      expect(stored?.html).toContain('Verify my email');
      expect(stored?.text).toContain(stored?.links[0]);
      expect(announced.at(-1)?.links).toEqual(stored?.links);
    } finally {
      await app.close();
    }
  });

  it('a failed delivery does not fail the sign-up: the account exists and the error is logged', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const app = await createTestApp(
      { SMTP_URL: 'smtp://127.0.0.1:9' },
      { logger: { ...loggerOptions(loadConfig({ LOG_LEVEL: 'info' })), stream } },
    );
    try {
      const payload = registration();
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload,
        remoteAddress: newAddress(),
      });
      await expectContract('registerUser', response);
      expect(response.statusCode).toBe(201);
      await app.deferred.settled();
      const { db } = await testDatabase();
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, payload.email));
      expect(user).toBeDefined();
      const logged = lines
        .map((line) => JSON.parse(line) as { level: number; msg: string; userId?: string; err?: unknown })
        .find((entry) => entry.msg === 'the verification mail could not be sent');
      expect(logged).toMatchObject({ level: 50, userId: user?.id, err: expect.anything() });
    } finally {
      await app.close();
    }
  });
});
