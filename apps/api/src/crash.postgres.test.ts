import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from './db/database';
import { deposits, uploads, users, wallets } from './db/schema';
import { testDatabase, testDatabaseUrl } from './testing/database';
import { walletAddresses } from './testing/money';
import { cleansUpAfterFile } from './testing/processes';
import { type ServerProcess, startServerProcess } from './testing/server-process';

// Collected only when TEST_DATABASE_URL names a PostgreSQL server (see vitest.config.ts): the server
// runs as its own process on this file's database, and is killed with SIGKILL mid-flight.

const admin = { email: 'crash-admin@example.com', password: `crash-admin-${randomBytes(9).toString('hex')}` };

const { children, dirs } = cleansUpAfterFile();

/** The server process on this file's database, its admin signing in with a password alone. */
function startServer(databaseUrl: string, dataDir: string): Promise<ServerProcess> {
  return startServerProcess(
    {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SITE_DIR: path.join(dataDir, 'no-site'),
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      // A crash mid-approval is the subject here; the admin signs in with a password alone.
      ADMIN_TWO_FACTOR: 'optional',
    },
    children,
  );
}

async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** One approval request: its status, or null when no answer ever came (the server died first). */
async function approve(base: string, token: string, depositId: string): Promise<number | null> {
  try {
    const response = await fetch(`${base}/api/v1/admin/deposits/${depositId}/approve`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    await response.text().catch(() => '');
    return response.status;
  } catch {
    return null;
  }
}

/** `userCount` depositors (no referrers, so their balance is their deposits) with pending deposits. */
async function pendingDeposits(userCount: number, perUser: number) {
  const { db } = await testDatabase();
  const tag = randomBytes(4).toString('hex');
  const [wallet] = await db
    .insert(wallets)
    .values({ walletName: `bitcoin ${tag}`, type: 'bitcoin', address: walletAddresses.bitcoin })
    .returning({ id: wallets.id });
  if (!wallet) throw new Error('the wallet was not stored');
  const depositors = await db
    .insert(users)
    .values(
      Array.from({ length: userCount }, (_, index) => ({
        email: `depositor-${tag}-${index}@example.com`,
        fullname: `depositor ${index}`,
        phone: '(555) 123-4567',
        country: 'United States',
        passwordHash: 'not-a-password-hash',
        referralCode: `c${tag}${index}`,
      })),
    )
    .returning({ id: users.id });
  const planned = depositors.flatMap((depositor, userIndex) =>
    Array.from({ length: perUser }, (_, index) => ({
      userId: depositor.id,
      // Different amounts, so a deposit credited twice or to the wrong user changes a sum.
      amountCents: 10_000 + userIndex * 1_000 + index * 37,
      ref: `DEP-${tag.toUpperCase()}${String(userIndex * perUser + index).padStart(4, '0')}`,
    })),
  );
  const receipts = await db
    .insert(uploads)
    .values(
      planned.map((deposit) => ({
        ownerId: deposit.userId,
        kind: 'receipt' as const,
        mediaType: 'image/png',
        byteSize: 1_024,
        sha256: randomBytes(32).toString('hex'),
      })),
    )
    .returning({ id: uploads.id });
  const rows = await db
    .insert(deposits)
    .values(
      planned.map((deposit, index) => {
        const receipt = receipts[index];
        if (!receipt) throw new Error('a receipt was not stored');
        return {
          ...deposit,
          type: 'bitcoin' as const,
          paymentTo: walletAddresses.bitcoin,
          walletId: wallet.id,
          receiptId: receipt.id,
        };
      }),
    )
    .returning({ id: deposits.id, userId: deposits.userId, amountCents: deposits.amountCents });
  return { userIds: depositors.map((depositor) => depositor.id), deposits: rows };
}

type Attempt = { depositId: string; status: number | null };

/**
 * Fires every approval at once, plus a second approval of every fifth deposit (a client's retry),
 * and SIGKILLs the server once `killAfter` answers have arrived. Answers each request's outcome.
 */
async function approvalsCutOff(
  server: ServerProcess,
  token: string,
  depositIds: string[],
  killAfter: number,
) {
  const sent = [...depositIds, ...depositIds.filter((_, index) => index % 5 === 0)];
  let answered = 0;
  const attempts = await Promise.all(
    sent.map(async (depositId): Promise<Attempt> => {
      const status = await approve(server.base, token, depositId);
      if (status !== null) answered += 1;
      if (answered >= killAfter && server.child.exitCode === null) server.child.kill('SIGKILL');
      return { depositId, status };
    }),
  );
  if (server.child.exitCode === null) server.child.kill('SIGKILL');
  await server.exited;
  return attempts;
}

describe('the server process on PostgreSQL, killed mid-approval', () => {
  it('200 approvals in flight, SIGKILL, restart and retry: nothing lost, nothing doubled', {
    timeout: 120_000,
  }, async () => {
    const databaseUrl = await testDatabaseUrl();
    if (!databaseUrl) throw new Error('this file runs on PostgreSQL only: set TEST_DATABASE_URL');
    const { db } = await testDatabase();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ledgerline-crash-'));
    dirs.push(dataDir);

    // An approval cut off mid-flight is the point: if the kill came after every answer, again earlier.
    let cutOff = 0;
    let approved = 0;
    const allDeposits: Awaited<ReturnType<typeof pendingDeposits>>['deposits'] = [];
    const allUsers: string[] = [];
    for (const killAfter of [20, 5, 1]) {
      const seeded = await pendingDeposits(8, 25);
      allDeposits.push(...seeded.deposits);
      allUsers.push(...seeded.userIds);
      const ids = seeded.deposits.map((deposit) => deposit.id);

      const first = await startServer(databaseUrl, dataDir);
      const token = await signIn(first.base);
      const before = await approvalsCutOff(first, token, ids, killAfter);
      // Before the kill, every answer is an approval or "already approved": never an error.
      for (const attempt of before) {
        if (attempt.status !== null) expect([200, 409], first.output()).toContain(attempt.status);
      }
      const lost = before.filter((attempt) => attempt.status === null);
      cutOff = lost.length;

      // The restarted server on the same database: sessions outlived the process too.
      const second = await startServer(databaseUrl, dataDir);
      const retried = await Promise.all(
        lost.map(async ({ depositId }) => ({
          depositId,
          status: await approve(second.base, token, depositId),
        })),
      );
      for (const attempt of retried) expect([200, 409], second.output()).toContain(attempt.status);
      // Approvals whose answer did arrive: their deposits are resolved, so a retry answers 409.
      const answeredIds = [
        ...new Set(before.filter((attempt) => attempt.status === 200).map((a) => a.depositId)),
      ];
      const confirmed = await Promise.all(
        answeredIds.slice(0, 10).map((depositId) => approve(second.base, token, depositId)),
      );
      expect(confirmed).toEqual(confirmed.map(() => 409));

      // At most one 200 per deposit, over every request before and after the restart.
      const successes = new Map<string, number>();
      for (const attempt of [...before, ...retried]) {
        if (attempt.status === 200)
          successes.set(attempt.depositId, (successes.get(attempt.depositId) ?? 0) + 1);
      }
      expect([...successes.values()].every((count) => count === 1)).toBe(true);
      approved += successes.size;

      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
      if (cutOff > 0) break;
    }
    expect(cutOff, 'no approval was in flight when the server was killed').toBeGreaterThan(0);

    const ids = allDeposits.map((deposit) => deposit.id);
    // Every deposit approved, exactly once: one deposit journal, one audit row, none left pending.
    const perDeposit = rowsOf<{ id: string; status: string; journals: number; audits: number }>(
      await db.execute(sql`
        SELECT d.id, d.status::text AS status,
          (SELECT count(*) FROM ledger_journals j WHERE j.deposit_id = d.id AND j.kind = 'deposit')::int AS journals,
          (SELECT count(*) FROM audit_log a
            WHERE a.action = 'deposit.approve' AND a.target_id = d.id::text)::int AS audits
        FROM deposits d WHERE d.id IN ${ids}`),
    );
    expect(perDeposit).toHaveLength(ids.length);
    expect(perDeposit.filter((row) => row.status !== 'approved')).toEqual([]);
    expect(perDeposit.filter((row) => row.journals !== 1 || row.audits !== 1)).toEqual([]);
    // Some approvals committed without their answer reaching the client: fewer 200s than deposits
    // is expected, more never.
    expect(approved).toBeLessThanOrEqual(ids.length);

    // Each user's available balance is the sum of their approved deposits, to the cent.
    const balances = rowsOf<{ user_id: string; available: string; held: string; deposited: string }>(
      await db.execute(sql`
        SELECT u.id AS user_id,
          (SELECT coalesce(sum(e.amount_cents), 0) FROM ledger_entries e
            WHERE e.user_id = u.id AND e.account = 'available')::bigint AS available,
          (SELECT coalesce(sum(e.amount_cents), 0) FROM ledger_entries e
            WHERE e.user_id = u.id AND e.account = 'held')::bigint AS held,
          (SELECT coalesce(sum(d.amount_cents), 0) FROM deposits d
            WHERE d.user_id = u.id AND d.status = 'approved')::bigint AS deposited
        FROM users u WHERE u.id IN ${allUsers}`),
    );
    expect(balances).toHaveLength(allUsers.length);
    for (const row of balances) {
      expect(Number(row.available), row.user_id).toBe(Number(row.deposited));
      expect(Number(row.held)).toBe(0);
    }
    const expectedTotal = allDeposits.reduce((sum, deposit) => sum + deposit.amountCents, 0);
    expect(balances.reduce((sum, row) => sum + Number(row.available), 0)).toBe(expectedTotal);

    // Every journal balanced, and the whole ledger sums to zero.
    const [ledger] = rowsOf<{ total: string; unbalanced: number }>(
      await db.execute(sql`
        SELECT (SELECT coalesce(sum(amount_cents), 0) FROM ledger_entries)::bigint AS total,
          (SELECT count(*) FROM (SELECT journal_id FROM ledger_entries GROUP BY journal_id
            HAVING sum(amount_cents) <> 0) AS unbalanced)::int AS unbalanced`),
    );
    expect(Number(ledger?.total)).toBe(0);
    expect(ledger?.unbalanced).toBe(0);
    const stillPending = await db
      .select({ id: deposits.id })
      .from(deposits)
      .where(and(eq(deposits.status, 'pending'), inArray(deposits.id, ids)));
    expect(stillPending).toEqual([]);
  });
});
