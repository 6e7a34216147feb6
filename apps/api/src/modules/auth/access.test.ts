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

/** Operations part 2 builds: already behind the session check, answering 501 until then. */
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
  if (response.statusCode === 501) {
    // Not in the contract on purpose: the temporary answer of an operation part 2 builds. It still
    // has the contract's error shape.
    expect(response.json()).toEqual({ msg: 'This operation is not available yet.' });
  } else {
    await expectContract(operationId, response);
  }
  return response;
}

describe('operations of part 2', () => {
  it.each(signedInOperations)(
    '%s needs a session (401), then answers 501',
    async (operationId, method, url, body) => {
      const anonymous = await call(operationId, method, url, body, {});
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ msg: 'Your session has ended. Please sign in again.' });
      const signedIn = await call(operationId, method, url, body, investor.headers);
      expect(signedIn.statusCode).toBe(501);
      expect(signedIn.json()).toEqual({ msg: 'This operation is not available yet.' });
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
      expect(asAdmin.statusCode).toBe(501);
    },
  );
});
