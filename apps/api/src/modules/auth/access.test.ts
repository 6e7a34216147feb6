import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { signedInInvestor, signIn } from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { expectContract } from '../../testing/contract';
import { testDatabase } from '../../testing/database';
import { multipartForm } from '../../testing/multipart';

let app: FastifyInstance;
let investor: Awaited<ReturnType<typeof signedInInvestor>>;
let admin: { authorization: string };
beforeAll(async () => {
  app = await createTestApp();
  investor = await signedInInvestor(app);
  const adminAccount = await signedInInvestor(app);
  const { db } = await testDatabase();
  await db.update(users).set({ role: 'admin' }).where(eq(users.email, adminAccount.email));
  admin = { authorization: `Bearer ${(await signIn(app, adminAccount)).token}` };
});
afterAll(() => app.close());

const id = '3f2b8c1e-7a4d-4e9b-9c61-2d5e8f0a1b34';

/** Operations that need a session (a sample of each kind: reads, multipart writes, files). */
const signedInOperations = [
  ['listReferrals', 'GET', '/api/v1/referrals', undefined],
  ['listTransactions', 'GET', '/api/v1/transaction-history', undefined],
  ['listWallets', 'GET', '/api/v1/admin-wallets', undefined],
  ['listKyc', 'GET', '/api/v1/kyc', undefined],
  ['downloadFile', 'GET', `/api/v1/files/${id}`, undefined],
  ['createDeposit', 'POST', '/api/v1/deposits', 'multipart'],
  ['createWithdrawal', 'POST', '/api/v1/withdrawals', 'multipart'],
  ['submitKyc', 'POST', '/api/v1/kyc', 'multipart'],
] as const;

const adminOperations = [
  ['adminListDeposits', 'GET', '/api/v1/admin/deposits', undefined],
  ['adminApproveDeposit', 'POST', `/api/v1/admin/deposits/${id}/approve`, undefined],
  ['adminRejectDeposit', 'POST', `/api/v1/admin/deposits/${id}/reject`, { reason: 'No hash' }],
  ['adminListWithdrawals', 'GET', '/api/v1/admin/withdrawals', undefined],
  ['adminListKyc', 'GET', '/api/v1/admin/kyc', undefined],
  ['adminListWallets', 'GET', '/api/v1/admin/wallets', undefined],
  ['adminDeleteWallet', 'DELETE', `/api/v1/admin/wallets/${id}`, undefined],
  ['adminListUsers', 'GET', '/api/v1/admin/users', undefined],
  ['adminGetUser', 'GET', `/api/v1/admin/users/${id}`, undefined],
] as const;

async function call(
  operationId: string,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  body: 'multipart' | Record<string, unknown> | undefined,
  headers: Record<string, string>,
) {
  const form = body === 'multipart' ? multipartForm([{ name: 'type', value: 'bitcoin' }]) : null;
  const response = await app.inject({
    method,
    url,
    headers: { ...headers, ...form?.headers },
    ...(form ? { payload: form.payload } : body ? { payload: body } : {}),
  });
  await expectContract(operationId, response);
  return response;
}

describe('the session and role checks of the money operations', () => {
  it.each(signedInOperations)(
    '%s needs a session (401), then answers the signed-in user',
    async (operationId, method, url, body) => {
      const anonymous = await call(operationId, method, url, body, {});
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ msg: 'Your session has ended. Please sign in again.' });
      const signedIn = await call(operationId, method, url, body, investor.headers);
      // Past the session check: an answer of the operation itself (a page, or 400/404 for the
      // sample's incomplete form or unknown id), never 401.
      expect([200, 400, 404]).toContain(signedIn.statusCode);
    },
  );

  it.each(adminOperations)(
    '%s needs a session (401) and the admin role (403)',
    async (operationId, method, url, body) => {
      expect((await call(operationId, method, url, body, {})).statusCode).toBe(401);
      const user = await call(operationId, method, url, body, investor.headers);
      expect(user.statusCode).toBe(403);
      expect(user.json()).toEqual({ msg: 'Admin role required' });
      const asAdmin = await call(operationId, method, url, body, admin);
      expect([200, 404]).toContain(asAdmin.statusCode);
    },
  );
});
