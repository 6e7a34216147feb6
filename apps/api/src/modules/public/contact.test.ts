import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema';
import { newAddress, uniqueEmail } from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { expectContract } from '../../testing/contract';
import { testDatabase } from '../../testing/database';
import { mailSink } from '../../testing/mail-sink';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ SUPPORT_EMAIL: 'help@ledgerline.example' });
});
afterAll(() => app.close());

async function send(payload: Record<string, unknown>, remoteAddress = newAddress()) {
  const response = await app.inject({ method: 'POST', url: '/api/v1/contact-us', payload, remoteAddress });
  await expectContract('submitContactMessage', response);
  return response;
}

describe('POST /contact-us', () => {
  it('stores the message and mails it to SUPPORT_EMAIL, replying to the sender, in HTML and text', async () => {
    const email = uniqueEmail('asker');
    const message = 'Hello,\n\nhow long does a <b>bitcoin</b> deposit take?';
    const response = await send({ name: 'Jane Doe', email, message });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      msg: 'Thank you for reaching out. Our support team will reply shortly.',
    });

    const { db } = await testDatabase();
    const stored = await db.select().from(contactMessages).where(eq(contactMessages.email, email));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ name: 'Jane Doe', message });

    const mail = await (await mailSink()).waitForMail(
      'help@ledgerline.example',
      (m) => m.replyTo?.[0]?.address === email,
    );
    expect(mail.subject).toBe('Contact form: message from Jane Doe');
    expect(mail.text).toContain('how long does a <b>bitcoin</b> deposit take?');
    // What the person typed is text, never markup, in the HTML part.
    expect(mail.html).toContain('how long does a &lt;b&gt;bitcoin&lt;/b&gt; deposit take?');
  });

  it.each([
    [{ name: '', email: 'jane@example.com', message: 'hi' }, 'name is required'],
    [{ name: 'Jane', email: 'jane', message: 'hi' }, 'email must be a valid email address'],
    [{ name: 'Jane', email: 'jane@example.com', message: '' }, 'message is required'],
    [
      { name: 'Jane', email: 'jane@example.com', message: 'x'.repeat(5001) },
      'message must be at most 5000 characters',
    ],
    [
      { name: 'Jane', email: 'jane@example.com', message: 'hi', phone: '1' },
      'phone is not an accepted field',
    ],
  ])('refuses %j with 400, storing nothing', async (payload, msg) => {
    const { db } = await testDatabase();
    const before = await db.select().from(contactMessages);
    const response = await send(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ msg });
    expect(await db.select().from(contactMessages)).toHaveLength(before.length);
  });

  it('is rate-limited per address', async () => {
    const address = newAddress();
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      statuses.push((await send({ name: 'Jane', email: uniqueEmail(), message: 'hi' }, address)).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});
