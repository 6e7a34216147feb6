import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  newAddress,
  registerVerified,
  resetPasswordByMail,
  signedInInvestor,
  strongPassword,
  uniqueEmail,
} from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { expectContract } from '../../testing/contract';
import { failedSignInLimits } from './failed-sign-ins';
import { resetMailsPerEmail } from './password-reset';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function login(
  target: FastifyInstance,
  payload: { email: string; password: string },
  remoteAddress = newAddress(),
  headers: Record<string, string> = {},
) {
  const response = await target.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: payload.email, password: payload.password },
    remoteAddress,
    headers,
  });
  await expectContract('login', response);
  return response;
}

/** Statuses of `count` wrong passwords for one account sent all at once, from different addresses. */
async function burst(target: FastifyInstance, email: string, count: number): Promise<number[]> {
  const answers = await Promise.all(
    Array.from({ length: count }, (_, index) =>
      login(target, { email, password: `wrong-password-${index}` }),
    ),
  );
  return answers.map((answer) => answer.statusCode);
}

describe('failed sign-ins are counted before the password is checked', () => {
  it('20 wrong passwords at once: at most 5 reach the password check, the rest get 429', async () => {
    const account = await registerVerified(app);
    const statuses = await burst(app, account.email, 20);
    const checked = statuses.filter((status) => status === 401).length;
    expect(checked).toBe(failedSignInLimits.perAccount.max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - checked);
    // The right password waits too, until the window ends.
    expect((await login(app, account)).statusCode).toBe(429);
  });

  it('a right password is not a failure: many sign-ins in a row never lock the account', async () => {
    const account = await registerVerified(app);
    for (let attempt = 0; attempt < failedSignInLimits.perAccount.max + 3; attempt++) {
      expect((await login(app, account)).statusCode).toBe(200);
    }
    for (let attempt = 0; attempt < failedSignInLimits.perAccount.max; attempt++) {
      expect((await login(app, { ...account, password: 'not-the-password' })).statusCode).toBe(401);
    }
    expect((await login(app, account)).statusCode).toBe(429);
  });

  it('counts an IPv6 /64 as one client', async () => {
    const network = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:7`;
    for (let attempt = 0; attempt < failedSignInLimits.perAddress.max; attempt++) {
      const address = `${network}:${(attempt + 1).toString(16)}::${(attempt * 7 + 3).toString(16)}`;
      const response = await login(app, { email: uniqueEmail(), password: 'wrong-password' }, address);
      expect(response.statusCode).toBe(401);
    }
    const account = await registerVerified(app);
    expect((await login(app, account, `${network}:ffff::1`)).statusCode).toBe(429);
    // The next /64 is another client.
    expect((await login(app, account, `${network.replace(/:7$/, ':8')}::1`)).statusCode).toBe(200);
  });

  it('wrong current passwords in a password change count against the sign-in limit', async () => {
    const user = await signedInInvestor(app);
    const change = (currentPassword: string) =>
      app.inject({
        method: 'PATCH',
        url: '/api/v1/users/user-info',
        headers: user.headers,
        payload: { currentPassword, newPassword: strongPassword() },
        remoteAddress: newAddress(),
      });
    for (let attempt = 0; attempt < failedSignInLimits.perAccount.max; attempt++) {
      const response = await change(`wrong-current-${attempt}`);
      await expectContract('updateUserInfo', response);
      expect(response.statusCode).toBe(400);
    }
    const blocked = await change(user.password);
    await expectContract('updateUserInfo', blocked);
    expect(blocked.statusCode).toBe(429);
    expect((await login(app, user)).statusCode).toBe(429);
  });

  it('a password reset through the mailed link ends the lockout', async () => {
    const account = await registerVerified(app);
    await burst(app, account.email, 8);
    expect((await login(app, account)).statusCode).toBe(429);

    const password = await resetPasswordByMail(app, account.email);
    expect((await login(app, { email: account.email, password })).statusCode).toBe(200);
  });

  it('limits reset mail per email, whatever address asks', async () => {
    const email = uniqueEmail('reset-target');
    const statuses = [];
    for (let attempt = 0; attempt <= resetMailsPerEmail; attempt++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/forgot-password',
        payload: { email: attempt % 2 === 0 ? email : email.toUpperCase() },
        remoteAddress: newAddress(),
      });
      await expectContract('forgotPassword', response);
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([...Array<number>(resetMailsPerEmail).fill(200), 429]);
  });
});

describe('with REDIS_URL', () => {
  let first: FastifyInstance;
  let second: FastifyInstance;
  beforeAll(async () => {
    first = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:6379' });
    second = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:6379' });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it('20 wrong passwords at once through two instances: at most 5 reach the password check', async () => {
    const account = await registerVerified(first);
    const [a, b] = await Promise.all([burst(first, account.email, 10), burst(second, account.email, 10)]);
    const statuses = [...a, ...b];
    expect(statuses.filter((status) => status === 401)).toHaveLength(failedSignInLimits.perAccount.max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - failedSignInLimits.perAccount.max);
  });

  it('with Redis down, sign-in is refused (503), not left unguarded', async () => {
    const down = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:9' });
    try {
      const account = await registerVerified(down);
      const response = await login(down, account);
      expect(response.statusCode).toBe(503);
      expect(response.json().msg).toMatch(/unavailable for a moment/);
    } finally {
      await down.close();
    }
  });
});

describe('behind TRUST_PROXY', () => {
  it.each([
    ['a number of proxies', '1'],
    ['the proxies’ range', '10.0.0.0/8'],
  ])('given as %s, spoofed hops in front of one client still hit its limit', async (_, trustProxy) => {
    const proxied = await createTestApp({ TRUST_PROXY: trustProxy });
    try {
      const client = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
      const statuses = [];
      for (let attempt = 0; attempt <= failedSignInLimits.perAddress.max; attempt++) {
        // The client writes any hops it likes; the proxy (10.1.2.3) appends the address it saw.
        const spoofed = `${newAddress()}, 203.0.113.${attempt + 1}`;
        const response = await login(
          proxied,
          { email: uniqueEmail(), password: 'wrong-password' },
          '10.1.2.3',
          { 'x-forwarded-for': `${spoofed}, ${client}` },
        );
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, -1).every((status) => status === 401)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      // Another client behind the same proxy is its own.
      const other = await login(proxied, { email: uniqueEmail(), password: 'wrong-password' }, '10.1.2.3', {
        'x-forwarded-for': '198.51.100.254',
      });
      expect(other.statusCode).toBe(401);
    } finally {
      await proxied.close();
    }
  });
});
