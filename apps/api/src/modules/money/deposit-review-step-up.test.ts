import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../../db/database';
import { users } from '../../db/schema';
import { newAddress, signedInAdmin, signedInInvestor } from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { expectContract } from '../../testing/contract';
import { testDatabase } from '../../testing/database';
import { createWallets, requestDeposit } from '../../testing/money';
import { totpCode } from '../auth/totp';
import { stepUpCodeNeededMessage } from '../step-up/step-up';

/*
 * A deposit's approval moves money: an admin with two-factor on approves only with a fresh code from
 * the app, and an approval refused for want of one writes nothing. The session check remembers an
 * account for a moment (here, for longer than any test takes), so an admin who has just turned
 * two-factor on may still be remembered with it off: the approval is refused all the same.
 */

type Admin = Awaited<ReturnType<typeof signedInAdmin>>;
let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp({ SESSION_CHECK_CACHE_MS: '10000' });
  await createWallets(app, await signedInAdmin(app));
  return () => app.close();
});

afterEach(() => {
  vi.useRealTimers();
});

let clock = Date.now();
function nextStep(): Date {
  clock = Math.max(clock, Date.now()) + 30_000;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(clock);
  return new Date(clock);
}

function approve(admin: Admin, depositId: string, twoFactorCode?: string) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/admin/deposits/${depositId}/approve`,
    headers: admin.headers,
    remoteAddress: newAddress(),
    ...(twoFactorCode ? { payload: { twoFactorCode } } : {}),
  });
}

async function pendingDeposit(): Promise<string> {
  const investor = await signedInInvestor(app);
  const requested = await requestDeposit(app, investor, '120');
  expect(requested.statusCode, requested.body).toBe(201);
  return requested.json().transaction._id as string;
}

/** What a refused approval must leave as it was: the request, its journals and its audit records. */
async function traceOf(depositId: string) {
  const { db } = await testDatabase();
  const [deposit] = rowsOf<{ status: string }>(
    await db.execute(sql`SELECT status FROM deposits WHERE id = ${depositId}`),
  );
  const journals = rowsOf(
    await db.execute(sql`SELECT id FROM ledger_journals WHERE deposit_id = ${depositId}`),
  );
  const audit = rowsOf(await db.execute(sql`SELECT id FROM audit_log WHERE target_id = ${depositId}`));
  return { status: deposit?.status, journals: journals.length, audit: audit.length };
}

describe('a deposit approval by an admin with two-factor on', () => {
  it('needs a fresh code from the app, and writes nothing without one', async () => {
    const admin = await signedInAdmin(app);
    const setup = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/two-factor/setup',
      headers: admin.headers,
    });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json() as { secret: string };
    const enabled = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/two-factor/enable',
      headers: admin.headers,
      payload: { password: admin.password, code: totpCode(secret, nextStep()) },
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const depositId = await pendingDeposit();

    const noCode = await approve(admin, depositId);
    await expectContract('adminApproveDeposit', noCode);
    expect(noCode.statusCode).toBe(403);
    expect(noCode.json()).toEqual({ msg: stepUpCodeNeededMessage });
    expect((await approve(admin, depositId, '000000')).statusCode).toBe(403);
    expect(await traceOf(depositId)).toEqual({ status: 'pending', journals: 0, audit: 0 });

    const approved = await approve(admin, depositId, totpCode(secret, nextStep()));
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await traceOf(depositId)).toEqual({ status: 'approved', journals: 1, audit: 1 });
  });

  it('is refused without a code while the session check still remembers two-factor off', async () => {
    const admin = await signedInAdmin(app);
    const depositId = await pendingDeposit();
    // The session is checked, and remembered with two-factor off.
    const info = await app.inject({ method: 'GET', url: '/api/v1/users/user-info', headers: admin.headers });
    expect(info.statusCode, info.body).toBe(200);
    // Two-factor turned on where this instance's session check does not hear of it.
    const { db } = await testDatabase();
    await db.update(users).set({ twoFactorSecret: 'sealed elsewhere' }).where(eq(users.id, admin.id));

    const noCode = await approve(admin, depositId);
    expect(noCode.statusCode, noCode.body).toBe(403);
    expect(noCode.json()).toEqual({ msg: stepUpCodeNeededMessage });
    expect(await traceOf(depositId)).toEqual({ status: 'pending', journals: 0, audit: 0 });
  });
});
