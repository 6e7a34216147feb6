import { mkdtempSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deposits, uploads, wallets } from '../../db/schema';
import { newAddress, signedInAdmin, signedInInvestor, userIdOf } from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { expectContract } from '../../testing/contract';
import { testDatabase } from '../../testing/database';
import { createWallets, depositForm, review } from '../../testing/money';
import { newRef } from './refs';

/*
 * POST /deposits is limited per account, whatever the client's address, and to 10 deposits awaiting
 * review per user (MAX_PENDING_DEPOSITS_PER_USER's default): a refused deposit stores nothing.
 */

// This app's own DATA_DIR, so the tests can count the receipts it writes.
const dataDir = mkdtempSync(path.join(tmpdir(), 'ledgerline-deposit-limits-test-'));
const uploadsDir = path.join(dataDir, 'uploads');

let app: FastifyInstance;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  app = await createTestApp({ DATA_DIR: dataDir });
  admin = await signedInAdmin(app);
  await createWallets(app, admin);
});
afterAll(async () => {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
});

type Investor = { headers: Record<string, string>; id: string };

async function newInvestor(): Promise<Investor> {
  const account = await signedInInvestor(app);
  return { headers: account.headers, id: await userIdOf(account.email) };
}

/** A deposit from an address of its own each time: only the per-account limits can refuse it. */
async function deposit(investor: Investor) {
  const form = await depositForm({ amount: '100' });
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/deposits',
    headers: { ...investor.headers, ...form.headers },
    payload: form.payload,
    remoteAddress: newAddress(),
  });
  await expectContract('createDeposit', response);
  return response;
}

async function storedFiles(): Promise<string[]> {
  try {
    return await readdir(uploadsDir);
  } catch {
    return [];
  }
}

async function stored(userId: string) {
  const { db } = await testDatabase();
  const rows = await db.select({ status: deposits.status }).from(deposits).where(eq(deposits.userId, userId));
  const receipts = await db.select({ id: uploads.id }).from(uploads).where(eq(uploads.ownerId, userId));
  return {
    pending: rows.filter((row) => row.status === 'pending').length,
    deposits: rows.length,
    receipts: receipts.length,
  };
}

/** Pending deposits written straight into the database (one receipt row for all, no file). */
async function seedPendingDeposits(userId: string, count: number) {
  const { db } = await testDatabase();
  const [wallet] = await db
    .select()
    .from(wallets)
    .where(and(eq(wallets.type, 'bitcoin'), eq(wallets.active, true)));
  if (!wallet) throw new Error('no bitcoin wallet');
  const [receipt] = await db
    .insert(uploads)
    .values({ ownerId: userId, kind: 'receipt', mediaType: 'image/png', byteSize: 1, sha256: '0'.repeat(64) })
    .returning();
  if (!receipt) throw new Error('the seeded receipt was not stored');
  await db.insert(deposits).values(
    Array.from({ length: count }, () => ({
      userId,
      ref: newRef('DEP'),
      type: 'bitcoin' as const,
      amountCents: 10_000,
      paymentTo: wallet.address,
      walletId: wallet.id,
      receiptId: receipt.id,
    })),
  );
}

const capMessage =
  'You have 10 deposits awaiting review. Please wait until one is reviewed before making another.';

describe('pending deposits per user', () => {
  it('refuses the eleventh pending deposit with 409, storing no row and no receipt, until one is reviewed', async () => {
    const investor = await newInvestor();
    const accepted: string[] = [];
    for (let index = 0; index < 10; index++) {
      const response = await deposit(investor);
      expect(response.statusCode, response.body).toBe(201);
      accepted.push(response.json().transaction._id);
    }
    const filesBefore = await storedFiles();

    const refused = await deposit(investor);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual({ msg: capMessage });
    expect(await stored(investor.id)).toEqual({ pending: 10, deposits: 10, receipts: 10 });
    expect((await storedFiles()).sort()).toEqual(filesBefore.sort());

    // Once one is reviewed, there is room for another.
    const reviewed = await review(app, admin, 'deposits', accepted[0] ?? '', 'reject');
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    const next = await deposit(investor);
    expect(next.statusCode, next.body).toBe(201);
    expect(await stored(investor.id)).toEqual({ pending: 10, deposits: 11, receipts: 11 });
  });

  it('holds under concurrency: 15 deposits at once with 8 pending leave 10 pending, and 2 receipts', async () => {
    // On PostgreSQL (test:postgres) their transactions overlap for real; PGlite runs one at a time.
    const investor = await newInvestor();
    await seedPendingDeposits(investor.id, 8);
    const filesBefore = await storedFiles();

    const responses = await Promise.all(Array.from({ length: 15 }, () => deposit(investor)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([
      ...Array.from({ length: 2 }, () => 201),
      ...Array.from({ length: 13 }, () => 409),
    ]);
    for (const response of responses.filter((answer) => answer.statusCode === 409)) {
      expect(response.json()).toEqual({ msg: capMessage });
    }
    // The 8 seeded share one receipt row (and have no file); the 2 accepted have one each.
    expect(await stored(investor.id)).toEqual({ pending: 10, deposits: 10, receipts: 3 });
    expect((await storedFiles()).length).toBe(filesBefore.length + 2);
  });
});

describe('deposits per account', () => {
  it('answers 429 with Retry-After past 20 in 15 minutes, from any addresses, and stores nothing', async () => {
    const investor = await newInvestor();
    const statuses: number[] = [];
    for (let index = 0; index < 20; index++) statuses.push((await deposit(investor)).statusCode);
    // Past 10 pending, the cap refuses them; they count against the account's limit all the same.
    expect(statuses).toEqual([
      ...Array.from({ length: 10 }, () => 201),
      ...Array.from({ length: 10 }, () => 409),
    ]);
    const filesBefore = await storedFiles();

    const limited = await deposit(investor);
    expect(limited.statusCode, limited.body).toBe(429);
    expect(limited.json().msg).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(await stored(investor.id)).toEqual({ pending: 10, deposits: 10, receipts: 10 });
    expect((await storedFiles()).sort()).toEqual(filesBefore.sort());

    // Another account is not limited by this one's requests.
    expect((await deposit(await newInvestor())).statusCode).toBe(201);
  });
});
