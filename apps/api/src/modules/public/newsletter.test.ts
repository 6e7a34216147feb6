import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscriptions } from '../../db/schema';
import { newAddress, uniqueEmail } from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { expectContract } from '../../testing/contract';
import { testDatabase } from '../../testing/database';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function subscribe(payload: Record<string, unknown>, remoteAddress = newAddress()) {
  const response = await app.inject({ method: 'POST', url: '/api/v1/newsletter', payload, remoteAddress });
  await expectContract('subscribeNewsletter', response);
  return response;
}

describe('POST /newsletter', () => {
  it('stores a subscription once; subscribing again, in any case, answers the same', async () => {
    const email = uniqueEmail('reader');
    const first = await subscribe({ email });
    const again = await subscribe({ email: email.toUpperCase() });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(first.json()).toEqual({ msg: 'You are subscribed to our newsletter.' });
    const { db } = await testDatabase();
    expect(
      await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email)),
    ).toHaveLength(1);
  });

  it('refuses an invalid email with 400', async () => {
    const response = await subscribe({ email: 'not-an-email' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ msg: 'email must be a valid email address' });
  });

  it('is rate-limited per address', async () => {
    const address = newAddress();
    const statuses = [];
    for (let attempt = 0; attempt < 11; attempt++)
      statuses.push((await subscribe({ email: uniqueEmail() }, address)).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
