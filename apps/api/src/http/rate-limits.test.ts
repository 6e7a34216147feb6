import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAddress, registerVerified, uniqueEmail } from '../testing/accounts';
import { createTestApp } from '../testing/app';
import { expectContract } from '../testing/contract';

// Two instances of the server sharing one Redis, as behind a load balancer (Redis runs on
// 127.0.0.1:6379 on every developer and CI machine). Every key here is new: a random address or email.
const redis = { REDIS_URL: 'redis://127.0.0.1:6379' };
let first: FastifyInstance;
let second: FastifyInstance;
beforeAll(async () => {
  first = await createTestApp(redis);
  second = await createTestApp(redis);
});
afterAll(async () => {
  await first.close();
  await second.close();
});

describe('rate limits with REDIS_URL', () => {
  it('count one client address across instances', async () => {
    const remoteAddress = newAddress();
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const app = attempt % 2 === 0 ? first : second;
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/contact-us',
        payload: { name: 'Jane', email: uniqueEmail(), message: 'hello' },
        remoteAddress,
      });
      await expectContract('submitContactMessage', response);
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('count failed sign-ins of one account across instances', async () => {
    const account = await registerVerified(first);
    for (let attempt = 0; attempt < 5; attempt++) {
      const app = attempt % 2 === 0 ? first : second;
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: account.email, password: `wrong-password-${attempt}` },
        remoteAddress: newAddress(),
      });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await second.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: account.email, password: account.password },
      remoteAddress: newAddress(),
    });
    await expectContract('login', blocked);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });
});
