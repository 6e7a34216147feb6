import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database';
import { signedInAdmin, signedInInvestor, userIdOf } from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { expectContract } from '../../testing/contract';
import { testDatabase } from '../../testing/database';
import {
  approvedDeposit,
  createWallets,
  figures,
  fundedInvestor,
  profitThroughLedger,
  requestDeposit,
  requestWithdrawal,
  review,
  secondAdmin,
} from '../../testing/money';
import { multipartForm } from '../../testing/multipart';

/*
 * The ledger's eight invariants, each its own test (issue #5): balanced transactions; balances are
 * the sum of entries and a replay gives the same figures; no overdraft; idempotency; at-most-once
 * resolution; append-only; conservation under a model test of random concurrent operations; exact
 * amounts. They run on PGlite and on PostgreSQL (where the concurrency is real).
 */

let app: FastifyInstance;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  app = await createTestApp();
  admin = await signedInAdmin(app);
  await createWallets(app, admin);
  return () => app.close();
});

type HandEntry = { kind: string; account: string; userId: string | null; cents: number };

/**
 * Writes a journal and its entries straight into the database, past the API, in one transaction: how
 * the tests show that the database itself refuses what the API never sends.
 */
async function writeJournalByHand(
  journal: { kind: string; userId: string; ref: string },
  entries: HandEntry[],
) {
  const { db } = await testDatabase();
  await db.transaction(async (tx) => {
    const [stored] = rowsOf<{ id: string }>(
      await tx.execute(
        sql`INSERT INTO ledger_journals (kind, user_id, ref) VALUES (${journal.kind}::journal_kind, ${journal.userId}, ${journal.ref}) RETURNING id`,
      ),
    );
    const rows = sql.join(
      entries.map(
        (entry) =>
          sql`(${stored?.id}::uuid, ${entry.kind}::journal_kind, ${entry.account}::ledger_account, ${entry.userId}::uuid, ${entry.cents}::bigint)`,
      ),
      sql`, `,
    );
    await tx.execute(
      sql`INSERT INTO ledger_entries (journal_id, kind, account, user_id, amount_cents) VALUES ${rows}`,
    );
  });
}

async function query<Row = Record<string, unknown>>(statement: ReturnType<typeof sql>): Promise<Row[]> {
  const { db } = await testDatabase();
  return rowsOf<Row>(await db.execute(statement));
}

/** Cents of one account of a user, straight from the entries. */
async function balanceCents(userId: string, account: 'available' | 'held'): Promise<number> {
  const [row] = await query<{ cents: string }>(
    sql`SELECT coalesce(sum(amount_cents), 0)::bigint AS cents FROM ledger_entries WHERE user_id = ${userId} AND account = ${account}`,
  );
  return Number(row?.cents ?? 0);
}

async function unbalancedJournals(): Promise<number> {
  const rows = await query(
    sql`SELECT journal_id FROM ledger_entries GROUP BY journal_id HAVING sum(amount_cents) <> 0`,
  );
  return rows.length;
}

/** The owner cancels a pending withdrawal of theirs. */
function cancelWithdrawal(owner: { headers: { authorization: string } }, withdrawalId: string) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/withdrawals/${withdrawalId}/cancel`,
    headers: owner.headers,
  });
}

function proposeEntry(userId: string, payload: Record<string, unknown>, key?: string) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/admin/users/${userId}/ledger-entries`,
    headers: { ...admin.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
}

/**
 * A posting as the back office makes one: proposed by the admin, then approved by a second admin.
 * Answers the refusal of the proposal (400), or the approval's answer (200, or 409 when the balance
 * no longer covers a debit).
 */
async function postEntry(userId: string, payload: Record<string, unknown>) {
  const proposed = await proposeEntry(userId, payload);
  await expectContract('adminPostLedgerEntry', proposed);
  if (proposed.statusCode !== 202) return proposed;
  return app.inject({
    method: 'POST',
    url: `/api/v1/admin/approvals/${proposed.json().approval._id}/approve`,
    headers: (await secondAdmin(app)).headers,
  });
}

describe('invariant 1: every journal transaction is balanced', () => {
  it('sums each journal to zero after deposits, withdrawals, reviews and postings', async () => {
    const investor = await fundedInvestor(app, admin, '500');
    const id = await userIdOf(investor.email);
    const held = await requestWithdrawal(app, investor, '120.10');
    await review(app, admin, 'withdrawals', held.json().transaction._id, 'approve');
    const released = await requestWithdrawal(app, investor, '30');
    await review(app, admin, 'withdrawals', released.json().transaction._id, 'reject');
    await postEntry(id, { kind: 'adjustment', amount: -0.01, memo: 'Rounding correction' });
    const [count] = await query<{ n: string }>(sql`SELECT count(*) AS n FROM ledger_journals`);
    expect(Number(count?.n)).toBeGreaterThan(4);
    expect(await unbalancedJournals()).toBe(0);
  });

  it('is enforced by the database: an unbalanced journal is refused at commit and leaves nothing', async () => {
    const investor = await signedInInvestor(app);
    const id = await userIdOf(investor.email);
    await expect(
      writeJournalByHand({ kind: 'profit', userId: id, ref: 'PRF-UNBALANCE' }, [
        { kind: 'profit', account: 'available', userId: id, cents: 1000 },
      ]),
    ).rejects.toThrow();
    expect(await balanceCents(id, 'available')).toBe(0);
    expect(await query(sql`SELECT id FROM ledger_journals WHERE ref = 'PRF-UNBALANCE'`)).toHaveLength(0);
  });

  it("refuses at commit an entry that does not carry its journal's kind", async () => {
    const investor = await signedInInvestor(app);
    const id = await userIdOf(investor.email);
    await expect(
      // Balanced, but filed as a deposit: the user's deposits figure would count it.
      writeJournalByHand({ kind: 'profit', userId: id, ref: 'PRF-WRONG-KIND' }, [
        { kind: 'deposit', account: 'available', userId: id, cents: 1000 },
        { kind: 'deposit', account: 'profit_paid', userId: null, cents: -1000 },
      ]),
    ).rejects.toThrow();
    expect(await balanceCents(id, 'available')).toBe(0);
    expect(await query(sql`SELECT id FROM ledger_journals WHERE ref = 'PRF-WRONG-KIND'`)).toHaveLength(0);
  });
});

describe('invariant 2: balances are the sum of entries, and a replay gives the same figures', () => {
  it('answers the same figures as a replay of every entry in order', async () => {
    const investor = await fundedInvestor(app, admin, '1999.99');
    const id = await userIdOf(investor.email);
    await postEntry(id, { kind: 'bonus', amount: 0.01, memo: 'Welcome bonus' });
    await profitThroughLedger(id, 1_050);
    const withdrawal = await requestWithdrawal(app, investor, '500');
    await postEntry(id, { kind: 'adjustment', amount: -0.5, memo: 'Fee refund reversed' });

    const entries = await query<{ account: string; amount_cents: string; kind: string }>(sql`
      SELECT e.account, e.amount_cents, j.kind FROM ledger_entries e JOIN ledger_journals j ON j.id = e.journal_id
      WHERE e.user_id = ${id} ORDER BY e.created_at, e.id`);
    const replay = { available: 0, held: 0, deposits: 0, profits: 0, bonus: 0 };
    for (const entry of entries) {
      const cents = Number(entry.amount_cents);
      if (entry.account === 'available') replay.available += cents;
      if (entry.account === 'held') replay.held += cents;
      if (entry.account === 'available' && entry.kind === 'deposit') replay.deposits += cents;
      if (entry.account === 'available' && entry.kind === 'profit') replay.profits += cents;
      if (entry.account === 'available' && entry.kind === 'bonus') replay.bonus += cents;
    }
    expect(replay).toEqual({
      available: 199_999 + 1 + 1_050 - 50_000 - 50,
      held: 50_000,
      deposits: 199_999,
      profits: 1_050,
      bonus: 1,
    });
    expect(await figures(app, investor)).toEqual({
      accountTier: 'Student',
      totalBalance: (replay.available + replay.held) / 100,
      availableBalance: replay.available / 100,
      moneyEarned: 10.51,
      bonus: 0.01,
      profits: 10.5,
      deposits: 1999.99,
      withdrawals: 0,
      pendingDeposits: 0,
      pendingWithdrawals: 500,
    });
    expect(withdrawal.statusCode).toBe(201);
  });
});

describe('invariant 3: no overdraft', () => {
  it('lets concurrent withdrawals take at most the available balance', async () => {
    const investor = await fundedInvestor(app, admin, '100');
    const id = await userIdOf(investor.email);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => requestWithdrawal(app, investor, '15')),
    );
    const accepted = answers.filter((answer) => answer.statusCode === 201);
    const refused = answers.filter((answer) => answer.statusCode === 400);
    expect(accepted).toHaveLength(6);
    expect(refused).toHaveLength(14);
    for (const answer of refused) {
      await expectContract('createWithdrawal', answer);
      expect(answer.json().msg).toMatch(/^amount is more than your available balance of \$/);
    }
    expect(await balanceCents(id, 'available')).toBe(1_000);
    expect(await balanceCents(id, 'held')).toBe(9_000);
  });

  it('refuses an adjustment that would overdraw, and the database refuses a direct overdraft', async () => {
    const investor = await fundedInvestor(app, admin, '10');
    const id = await userIdOf(investor.email);
    const over = await postEntry(id, { kind: 'adjustment', amount: -10.01, memo: 'Too much' });
    await expectContract('adminPostLedgerEntry', over);
    expect(over.statusCode).toBe(400);
    await expect(
      writeJournalByHand({ kind: 'adjustment', userId: id, ref: 'ADJ-OVERDRAW' }, [
        { kind: 'adjustment', account: 'available', userId: id, cents: -1001 },
        { kind: 'adjustment', account: 'adjustments', userId: null, cents: 1001 },
      ]),
    ).rejects.toThrow();
    expect(await balanceCents(id, 'available')).toBe(1_000);
  });
});

describe('invariant 4: idempotency', () => {
  it('answers a repeated deposit with the first answer and stores one deposit', async () => {
    const investor = await signedInInvestor(app);
    const id = await userIdOf(investor.email);
    const form = multipartForm([
      { name: 'type', value: 'bitcoin' },
      { name: 'amount', value: '250' },
      { name: 'paymentTo', value: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
      {
        name: 'image',
        filename: 'r.png',
        contentType: 'image/png',
        content: await (await import('../../testing/images')).testImage(),
      },
    ]);
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/deposits',
        headers: { ...investor.headers, ...form.headers, 'idempotency-key': 'deposit-key-0001' },
        payload: form.payload,
      });
    const answers = await Promise.all([send(), send(), send(), send()]);
    const again = await send();
    for (const answer of [...answers, again]) {
      await expectContract('createDeposit', answer);
      expect(answer.statusCode, answer.body).toBe(201);
      expect(answer.json()).toEqual(answers[0]?.json());
    }
    expect(await query(sql`SELECT id FROM deposits WHERE user_id = ${id}`)).toHaveLength(1);
    expect(await query(sql`SELECT id FROM uploads WHERE owner_id = ${id}`)).toHaveLength(1);

    const different = await requestDeposit(app, investor, '251', { idempotencyKey: 'deposit-key-0001' });
    await expectContract('createDeposit', different);
    expect(different.statusCode).toBe(422);
    expect(await query(sql`SELECT id FROM deposits WHERE user_id = ${id}`)).toHaveLength(1);
  });

  it('holds a repeated withdrawal once, and proposes a repeated ledger entry once', async () => {
    const investor = await fundedInvestor(app, admin, '100');
    const id = await userIdOf(investor.email);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        requestWithdrawal(app, investor, '30', { idempotencyKey: 'withdraw-key-0001' }),
      ),
    );
    expect(new Set(answers.map((answer) => answer.json().transaction?._id)).size).toBe(1);
    expect(answers.every((answer) => answer.statusCode === 201)).toBe(true);
    expect(await balanceCents(id, 'held')).toBe(3_000);
    const changed = await requestWithdrawal(app, investor, '31', { idempotencyKey: 'withdraw-key-0001' });
    expect(changed.statusCode).toBe(422);

    const posts = await Promise.all(
      Array.from({ length: 5 }, () =>
        proposeEntry(id, { kind: 'bonus', amount: 7.77, memo: 'Goodwill' }, 'bonus-key-0001'),
      ),
    );
    expect(posts.every((answer) => answer.statusCode === 202)).toBe(true);
    const proposals = new Set(posts.map((answer) => answer.json().approval._id as string));
    expect(proposals.size).toBe(1);
    for (const approvalId of proposals) {
      const approved = await app.inject({
        method: 'POST',
        url: `/api/v1/admin/approvals/${approvalId}/approve`,
        headers: (await secondAdmin(app)).headers,
      });
      expect(approved.statusCode, approved.body).toBe(200);
    }
    expect((await figures(app, investor)).bonus).toBe(7.77);
  });
});

describe('invariant 5: each request resolves at most once', () => {
  it('applies exactly one of 32 concurrent approvals of one deposit', async () => {
    const investor = await signedInInvestor(app);
    const id = await userIdOf(investor.email);
    const requested = await requestDeposit(app, investor, '321.09');
    const depositId = requested.json().transaction._id as string;
    const answers = await Promise.all(
      Array.from({ length: 32 }, () => review(app, admin, 'deposits', depositId, 'approve')),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    const conflicts = answers.filter((answer) => answer.statusCode === 409);
    expect(conflicts).toHaveLength(31);
    await expectContract('adminApproveDeposit', conflicts[0] as (typeof answers)[number]);
    const approved = answers.find((answer) => answer.statusCode === 200)?.json().deposit;
    // The 409 names who approved it and when, to the minute in UTC.
    expect(conflicts[0]?.json().msg).toBe(
      `Already approved by ${approved.reviewedBy.fullname} at ${approved.resolvedAt.slice(0, 16).replace('T', ' ')} UTC`,
    );
    expect(await balanceCents(id, 'available')).toBe(32_109);
    expect(await query(sql`SELECT id FROM ledger_journals WHERE deposit_id = ${depositId}`)).toHaveLength(1);
    expect(await query(sql`SELECT id FROM audit_log WHERE target_id = ${depositId}`)).toHaveLength(1);
  });

  it('lets one of concurrent approvals and rejections of a withdrawal win, and moves the hold once', async () => {
    const investor = await fundedInvestor(app, admin, '50');
    const id = await userIdOf(investor.email);
    const withdrawal = await requestWithdrawal(app, investor, '20');
    const withdrawalId = withdrawal.json().transaction._id as string;
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, index) =>
        review(app, admin, 'withdrawals', withdrawalId, index % 2 === 0 ? 'approve' : 'reject'),
      ),
    );
    const winner = answers.find((answer) => answer.statusCode === 200)?.json().withdrawal;
    expect(winner).toBeDefined();
    const conflicts = answers.filter((answer) => answer.statusCode === 409);
    expect(conflicts).toHaveLength(15);
    // Every loser is told what won: approved or rejected, by whom, when.
    const already = `Already ${winner.status} by ${winner.reviewedBy.fullname} at ${winner.resolvedAt.slice(0, 16).replace('T', ' ')} UTC`;
    for (const conflict of conflicts) expect(conflict.json()).toEqual({ msg: already });
    expect(await balanceCents(id, 'held')).toBe(0);
    const available = await balanceCents(id, 'available');
    expect([3_000, 5_000]).toContain(available);
  });

  it('lets one of two concurrent cancels of a withdrawal win, and releases its hold once', async () => {
    const investor = await fundedInvestor(app, admin, '70');
    const id = await userIdOf(investor.email);
    const withdrawalId = (await requestWithdrawal(app, investor, '45.67')).json().transaction._id as string;
    const answers = await Promise.all([0, 1].map(() => cancelWithdrawal(investor, withdrawalId)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    for (const answer of answers) await expectContract('cancelWithdrawal', answer);
    expect(await balanceCents(id, 'held')).toBe(0);
    expect(await balanceCents(id, 'available')).toBe(7_000);
    expect(
      await query(
        sql`SELECT id FROM ledger_journals WHERE withdrawal_id = ${withdrawalId} AND kind = 'withdrawal_release'`,
      ),
    ).toHaveLength(1);
    expect(await unbalancedJournals()).toBe(0);
  });

  it('lets one of concurrent cancels, approvals and rejections of a withdrawal win, and moves the hold once', async () => {
    const investor = await fundedInvestor(app, admin, '50');
    const id = await userIdOf(investor.email);
    const withdrawalId = (await requestWithdrawal(app, investor, '20')).json().transaction._id as string;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        index % 3 === 0
          ? cancelWithdrawal(investor, withdrawalId)
          : review(app, admin, 'withdrawals', withdrawalId, index % 3 === 1 ? 'approve' : 'reject'),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(11);
    expect(await balanceCents(id, 'held')).toBe(0);
    // Paid out (30.00 left), or released by a rejection or the cancel (50.00).
    expect([3_000, 5_000]).toContain(await balanceCents(id, 'available'));
    expect(
      await query(sql`SELECT id FROM ledger_journals WHERE withdrawal_id = ${withdrawalId}`),
    ).toHaveLength(2);
    expect(await unbalancedJournals()).toBe(0);
  });

  it('answers 404 for a deposit or withdrawal that does not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const deposit = await review(app, admin, 'deposits', missing, 'approve');
    await expectContract('adminApproveDeposit', deposit);
    expect(deposit.statusCode).toBe(404);
    const withdrawal = await review(app, admin, 'withdrawals', missing, 'reject');
    await expectContract('adminRejectWithdrawal', withdrawal);
    expect(withdrawal.statusCode).toBe(404);
  });
});

describe('invariant 6: the ledger is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of entries, journals and the audit log, and changes to resolved requests', async () => {
    const investor = await signedInInvestor(app);
    const depositId = await approvedDeposit(app, investor, admin, '42');
    const { db } = await testDatabase();
    const attempts = [
      sql`UPDATE ledger_entries SET amount_cents = amount_cents * 2`,
      sql`DELETE FROM ledger_entries`,
      sql`TRUNCATE ledger_entries CASCADE`,
      sql`UPDATE ledger_journals SET memo = 'changed'`,
      sql`DELETE FROM ledger_journals`,
      sql`UPDATE audit_log SET reason = 'changed'`,
      sql`DELETE FROM audit_log`,
      sql`UPDATE deposits SET amount_cents = 1 WHERE id = ${depositId}`,
      sql`UPDATE deposits SET status = 'pending', resolved_at = NULL, reviewed_by_id = NULL WHERE id = ${depositId}`,
      sql`DELETE FROM deposits WHERE id = ${depositId}`,
    ];
    for (const attempt of attempts) {
      await expect(db.execute(attempt), String(attempt.queryChunks[0])).rejects.toThrow();
    }
    expect(await figures(app, investor)).toMatchObject({ availableBalance: 42, deposits: 42 });
    expect(await unbalancedJournals()).toBe(0);
  });
});

describe('invariant 7: money is conserved under random concurrent operations', () => {
  type Op =
    | { kind: 'deposit'; user: number; cents: number; verdict: 'approve' | 'reject' }
    | { kind: 'withdraw'; user: number; cents: number; verdict: 'approve' | 'reject' | 'cancel' | 'leave' }
    | { kind: 'post'; user: number; cents: number; entry: 'profit' | 'bonus' | 'adjustment' };

  const cents = fc.integer({ min: 1, max: 50_000 });
  const user = fc.integer({ min: 0, max: 2 });
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({
      kind: fc.constant('deposit' as const),
      user,
      cents,
      verdict: fc.constantFrom('approve' as const, 'reject' as const),
    }),
    fc.record({
      kind: fc.constant('withdraw' as const),
      user,
      cents,
      verdict: fc.constantFrom('approve' as const, 'reject' as const, 'cancel' as const, 'leave' as const),
    }),
    fc.record({
      kind: fc.constant('post' as const),
      user,
      cents: fc.integer({ min: -20_000, max: 20_000 }).filter((value) => value !== 0),
      entry: fc.constantFrom('profit' as const, 'bonus' as const, 'adjustment' as const),
    }),
  );
  const usd = (value: number) => (value / 100).toFixed(2);

  it('keeps every figure equal to a simple model, available never negative, all accounts summing to zero', async () => {
    const investors = await Promise.all([0, 1, 2].map(() => signedInInvestor(app)));
    const ids = await Promise.all(investors.map((investor) => userIdOf(investor.email)));
    const model = ids.map(() => ({
      available: 0,
      held: 0,
      deposits: 0,
      withdrawals: 0,
      profits: 0,
      bonus: 0,
    }));

    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 6 }), async (batch) => {
        // The batch runs concurrently; the model applies what the API accepted.
        await Promise.all(
          batch.map(async (step) => {
            const investor = investors[step.user];
            const state = model[step.user];
            const id = ids[step.user];
            if (!investor || !state || !id) throw new Error('no such investor');
            if (step.kind === 'deposit') {
              const answer = await requestDeposit(app, investor, usd(step.cents));
              expect(answer.statusCode, answer.body).toBe(201);
              const reviewed = await review(
                app,
                admin,
                'deposits',
                answer.json().transaction._id,
                step.verdict,
              );
              expect(reviewed.statusCode, reviewed.body).toBe(200);
              if (step.verdict === 'approve') {
                state.available += step.cents;
                state.deposits += step.cents;
              }
            } else if (step.kind === 'withdraw') {
              const answer = await requestWithdrawal(app, investor, usd(step.cents));
              if (answer.statusCode === 400) return;
              expect(answer.statusCode, answer.body).toBe(201);
              state.available -= step.cents;
              state.held += step.cents;
              if (step.verdict === 'leave') return;
              const withdrawalId = answer.json().transaction._id;
              // Its owner cancels it, or an admin reviews it: either way the hold ends.
              const resolved =
                step.verdict === 'cancel'
                  ? await cancelWithdrawal(investor, withdrawalId)
                  : await review(app, admin, 'withdrawals', withdrawalId, step.verdict);
              expect(resolved.statusCode, resolved.body).toBe(200);
              state.held -= step.cents;
              if (step.verdict === 'approve') state.withdrawals += step.cents;
              else state.available += step.cents;
            } else {
              const amount = step.entry === 'adjustment' ? step.cents : Math.abs(step.cents);
              if (step.entry === 'profit') {
                await profitThroughLedger(id, amount);
              } else {
                const answer = await postEntry(id, {
                  kind: step.entry,
                  amount: amount / 100,
                  memo: 'Model test',
                });
                // Refused when proposed (400) or, the balance spent meanwhile, when approved (409).
                if (answer.statusCode === 400 || answer.statusCode === 409) return;
                expect(answer.statusCode, answer.body).toBe(200);
              }
              state.available += amount;
              if (step.entry === 'profit') state.profits += amount;
              if (step.entry === 'bonus') state.bonus += amount;
            }
          }),
        );
        for (const [index, investor] of investors.entries()) {
          const state = model[index];
          if (!state) continue;
          const shown = await figures(app, investor);
          expect(state.available).toBeGreaterThanOrEqual(0);
          expect(shown).toMatchObject({
            availableBalance: state.available / 100,
            totalBalance: (state.available + state.held) / 100,
            pendingWithdrawals: state.held / 100,
            deposits: state.deposits / 100,
            withdrawals: state.withdrawals / 100,
            profits: state.profits / 100,
            bonus: state.bonus / 100,
          });
        }
        const [total] = await query<{ cents: string }>(
          sql`SELECT coalesce(sum(amount_cents), 0)::bigint AS cents FROM ledger_entries`,
        );
        expect(Number(total?.cents)).toBe(0);
        expect(await unbalancedJournals()).toBe(0);
      }),
      { numRuns: 12 },
    );
  });
});

describe('invariant 8: amounts are exact', () => {
  const badAmounts = [
    'NaN',
    '1e3',
    '-5',
    '1.005',
    '0',
    '0.00',
    ' 5',
    '5.',
    '.5',
    '1,000',
    'Infinity',
    '0x10',
    '1000000000.01',
    '',
  ];

  it.each(badAmounts)('refuses the deposit amount %j and stores nothing', async (amount) => {
    const investor = await signedInInvestor(app);
    const id = await userIdOf(investor.email);
    const answer = await requestDeposit(app, investor, amount);
    await expectContract('createDeposit', answer);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().msg).toMatch(/amount/);
    expect(await query(sql`SELECT id FROM deposits WHERE user_id = ${id}`)).toHaveLength(0);
    expect(await query(sql`SELECT id FROM uploads WHERE owner_id = ${id}`)).toHaveLength(0);
  });

  it.each(['NaN', '1e3', '-5', '1.005', '0'])(
    'refuses the withdrawal amount %j and holds nothing',
    async (amount) => {
      const investor = await fundedInvestor(app, admin, '5000');
      const id = await userIdOf(investor.email);
      const answer = await requestWithdrawal(app, investor, amount);
      await expectContract('createWithdrawal', answer);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(await balanceCents(id, 'held')).toBe(0);
    },
  );

  it.each([1.005, 0, -0.001, 1e-7])('refuses the ledger amount %s', async (amount) => {
    const investor = await signedInInvestor(app);
    const id = await userIdOf(investor.email);
    const answer = await postEntry(id, { kind: 'adjustment', amount, memo: 'Exactness' });
    await expectContract('adminPostLedgerEntry', answer);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(await balanceCents(id, 'available')).toBe(0);
  });

  it('keeps cents exact where floating point would not: 0.1 + 0.2, 0.29, 1,000,000,000', async () => {
    const investor = await signedInInvestor(app);
    const id = await userIdOf(investor.email);
    await approvedDeposit(app, investor, admin, '0.10');
    await approvedDeposit(app, investor, admin, '0.20');
    await profitThroughLedger(id, 29);
    expect(await balanceCents(id, 'available')).toBe(59);
    expect((await figures(app, investor)).availableBalance).toBe(0.59);
    await approvedDeposit(app, investor, admin, '1000000000');
    expect((await figures(app, investor)).totalBalance).toBe(1_000_000_000.59);
    expect((await figures(app, investor)).accountTier).toBe('Diamond');
  });
});
