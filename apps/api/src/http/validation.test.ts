import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/database';
import { contactMessages } from '../db/schema';
import { newAddress, registration, signedInAdmin, signedInInvestor, userIdOf } from '../testing/accounts';
import { createTestApp } from '../testing/app';
import { expectContract } from '../testing/contract';
import { testDatabase } from '../testing/database';
import { testImage } from '../testing/images';
import { createWallets, requestDeposit, walletAddresses } from '../testing/money';
import { multipartForm } from '../testing/multipart';

let app: FastifyInstance;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  app = await createTestApp();
  admin = await signedInAdmin(app);
  await createWallets(app, admin);
});
afterAll(() => app.close());

const oneLine = (field: string) => `${field} must be one line, without control characters`;

describe('text fields refuse control characters, naming the field', () => {
  it.each([
    ['a NUL in the name', { name: 'Jane\u0000Doe' }, oneLine('name')],
    ['a line break in the name', { name: 'Jane\nDoe' }, oneLine('name')],
    ['a DEL in the name', { name: 'Jane\u007fDoe' }, oneLine('name')],
    ['a NUL in the message', { message: 'Hello\u0000' }, 'message must not contain control characters'],
    ['a bell in the message', { message: 'Hello\u0007' }, 'message must not contain control characters'],
  ])('contact-us: %s is a 400 and nothing is stored', async (_, change, msg) => {
    const email = `nul-${newAddress()}@example.com`;
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/contact-us',
      payload: { name: 'Jane', email, message: 'Hello', ...change },
      remoteAddress: newAddress(),
    });
    await expectContract('submitContactMessage', response);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ msg });
    const { db } = await testDatabase();
    expect(await db.select().from(contactMessages).where(eq(contactMessages.email, email))).toEqual([]);
  });

  it('takes line breaks and tabs in a multi-line field', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/contact-us',
      payload: { name: 'Jane', email: 'jane@example.com', message: 'Hello,\r\n\tthere.\n' },
      remoteAddress: newAddress(),
    });
    expect(response.statusCode, response.body).toBe(201);
  });

  it('sign-up: a NUL in the name is a 400, before any account exists', async () => {
    const payload = registration({ fullname: 'jane\u0000doe' });
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload,
      remoteAddress: newAddress(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ msg: oneLine('fullname') });
    await expect(userIdOf(String(payload.email))).rejects.toThrow(/no account/);
  });

  it.each([
    ['/api/v1/admin/users?q=ja%00ne', oneLine('q')],
    ['/api/v1/admin/audit-log?action=deposit%00approve', oneLine('action')],
    ['/api/v1/admin/audit-log?action=deposit%0Aapprove', oneLine('action')],
  ])('a query parameter: GET %s is a 400', async (url, msg) => {
    const response = await app.inject({ method: 'GET', url, headers: admin.headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ msg });
  });

  it('a multipart field: a NUL in the deposit address is a 400 and no deposit is stored', async () => {
    const user = await signedInInvestor(app);
    const form = multipartForm([
      { name: 'type', value: 'bitcoin' },
      { name: 'amount', value: '150' },
      { name: 'paymentTo', value: `${walletAddresses.bitcoin}\u0000` },
      { name: 'image', filename: 'receipt.png', contentType: 'image/png', content: await testImage('png') },
    ]);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/deposits',
      headers: { ...user.headers, ...form.headers },
      payload: form.payload,
    });
    await expectContract('createDeposit', response);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ msg: oneLine('paymentTo') });
    expect(await depositsOf(user.email)).toBe(0);
  });
});

async function depositsOf(email: string): Promise<number> {
  const { db } = await testDatabase();
  const userId = await userIdOf(email);
  const [row] = rowsOf<{ count: number }>(
    await db.execute(sql`select count(*)::int as count from deposits where user_id = ${userId}`),
  );
  return row?.count ?? 0;
}

describe('the Idempotency-Key header is checked against the contract', () => {
  it.each([
    ['short', 'short', 'idempotency-key must be at least 8 characters'],
    ['a path', '../../etc/passwd', 'idempotency-key is not in the accepted format'],
    ['7,000 characters', 'k'.repeat(7000), 'idempotency-key must be at most 100 characters'],
    ['spaces', 'key with spaces', 'idempotency-key is not in the accepted format'],
  ])('%s is a 400, and no deposit is made', async (_, key, msg) => {
    const user = await signedInInvestor(app);
    const response = await requestDeposit(app, user, '150.00', { idempotencyKey: key });
    await expectContract('createDeposit', response);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ msg });
    expect(await depositsOf(user.email)).toBe(0);
  });

  it('a key of the accepted form is taken', async () => {
    const user = await signedInInvestor(app);
    const response = await requestDeposit(app, user, '150.00', { idempotencyKey: '7f3c9a1e-5b2d_4e8f' });
    expect(response.statusCode, response.body).toBe(201);
    expect(await depositsOf(user.email)).toBe(1);
  });
});

describe('a path parameter too long for the router', () => {
  it.each([
    [8192, 400, 'depositId must be a valid uuid'],
    [8193, 414, 'The address is too long'],
    [20_000, 414, 'The address is too long'],
  ])('of %i characters answers %i with { msg }', async (length, status, msg) => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/deposits/${'a'.repeat(length)}/approve`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ msg });
  });
});
