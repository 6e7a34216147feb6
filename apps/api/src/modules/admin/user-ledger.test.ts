import { usdNumberToCents } from '@ledgerline/rules/usd';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin, signedInInvestor, userIdOf } from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { expectContract } from '../../testing/contract';
import {
  approvedDeposit,
  createWallets,
  figures,
  postToLedger,
  profitThroughLedger,
  requestWithdrawal,
  review,
} from '../../testing/money';

type Actor = { headers: { authorization: string } };
type Entry = {
  _id: string;
  account: 'available' | 'held';
  amount: number;
  balanceAfter: number;
  kind: string;
  createdAt: string;
};

let app: FastifyInstance;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  app = await createTestApp();
  admin = await signedInAdmin(app);
  await createWallets(app, admin);
  return () => app.close();
});

/** Whole cents from a USD number's decimal text, never multiplied in floating point. */
function cents(amount: number): number {
  const [whole = '0', fraction = ''] = Math.abs(amount).toString().split('.');
  const value = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return amount < 0 ? -value : value;
}

async function ledgerPage(userId: string, query: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/admin/users/${userId}/ledger-entries${query}`,
    headers: admin.headers,
  });
  await expectContract('adminListLedgerEntries', response);
  return response;
}

/** Every page of the user's ledger, `limit` entries at a time, each page as it was answered. */
async function allPages(userId: string, limit: number): Promise<Entry[][]> {
  const pages: Entry[][] = [];
  let cursor: string | null = null;
  do {
    const response = await ledgerPage(
      userId,
      `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    pages.push(response.json().items);
    cursor = response.json().nextCursor;
  } while (cursor);
  return pages;
}

/** A profit comes from trading (through the ledger module); a bonus or adjustment from two admins. */
async function post(userId: string, kind: 'profit' | 'bonus' | 'adjustment', amount: number) {
  if (kind === 'profit')
    return profitThroughLedger(userId, usdNumberToCents(amount) ?? 0, `${kind} of ${amount}`);
  await postToLedger(app, admin, userId, { kind, amount, memo: `${kind} of ${amount}` });
}

async function withdrawal(investor: Actor, amount: string, verdict?: 'approve' | 'reject') {
  const requested = await requestWithdrawal(app, investor, amount);
  expect(requested.statusCode, requested.body).toBe(201);
  if (verdict) {
    const reviewed = await review(app, admin, 'withdrawals', requested.json().transaction._id, verdict);
    expect(reviewed.statusCode, reviewed.body).toBe(200);
  }
}

/**
 * An investor with every kind of entry on both accounts: deposits, a profit, a bonus, a debit
 * adjustment, a withdrawal rejected (held, then released), one paid and one still held.
 */
async function investorWithHistory() {
  const investor = await signedInInvestor(app);
  const userId = await userIdOf(investor.email);
  await approvedDeposit(app, investor, admin, '100');
  await approvedDeposit(app, investor, admin, '250.50');
  await post(userId, 'profit', 12.34);
  await withdrawal(investor, '30', 'reject');
  await post(userId, 'bonus', 5);
  await withdrawal(investor, '40', 'approve');
  await post(userId, 'adjustment', -20.25);
  await withdrawal(investor, '15');
  return { investor, userId };
}

describe("a user's ledger, page by page", () => {
  it('gives each entry its account’s balance after it, continuous across pages', async () => {
    const { investor, userId } = await investorWithHistory();
    // Another user's entries are theirs alone: none of them shows, or counts, here.
    await approvedDeposit(app, await signedInInvestor(app), admin, '999');

    // Pages of 3 cut between the two entries of a hold or a release as often as not.
    const pages = await allPages(userId, 3);
    const entries = pages.flat();
    // 2 deposits, a profit, a bonus, an adjustment; 3 holds and a release of 2 entries; a payout.
    expect(entries).toHaveLength(14);
    expect(pages.length).toBe(5);
    expect(new Set(entries.map((entry) => entry._id)).size).toBe(entries.length);
    const keys = entries.map((entry) => `${entry.createdAt} ${entry._id}`);
    expect(keys).toEqual([...keys].sort().reverse());

    // Oldest first, the balance after each entry is the sum of its account's entries up to it.
    const running = { available: 0, held: 0 };
    for (const entry of [...entries].reverse()) {
      running[entry.account] += cents(entry.amount);
      expect(cents(entry.balanceAfter), `${entry.kind} on ${entry.account}`).toBe(running[entry.account]);
    }
    // And the newest entry of each account ends at the balance the user sees.
    const seen = await figures(app, investor);
    expect(running).toEqual({
      available: cents(seen.availableBalance),
      held: cents(seen.pendingWithdrawals),
    });
    expect(running).toEqual({ available: 29259, held: 1500 });

    // Where a page ends, the next goes on from it: an account's first entry on a page has the balance
    // of its newer entry on the pages before, less that entry's amount.
    let boundaries = 0;
    for (let index = 1; index < pages.length; index++) {
      const earlier = pages.slice(0, index).flat();
      for (const account of ['available', 'held'] as const) {
        const newer = earlier.filter((entry) => entry.account === account).at(-1);
        const older = pages[index]?.find((entry) => entry.account === account);
        if (!newer || !older) continue;
        boundaries++;
        expect(cents(older.balanceAfter)).toBe(cents(newer.balanceAfter) - cents(newer.amount));
      }
    }
    expect(boundaries).toBeGreaterThanOrEqual(pages.length - 1);

    // Whatever the page size, an entry's balance is the same.
    expect((await allPages(userId, 100)).flat()).toEqual(entries);
  });

  it('keeps the older pages’ balances when entries are posted between pages', async () => {
    const { userId } = await investorWithHistory();
    const first = await ledgerPage(userId, '?limit=4');
    const cursor = first.json().nextCursor as string;
    const untouched = (await allPages(userId, 100)).flat().slice(4);
    // A newer entry after the first page was read: the pages after the cursor do not change.
    await post(userId, 'profit', 7.77);
    const rest: Entry[] = [];
    let next: string | null = cursor;
    while (next) {
      const page = await ledgerPage(userId, `?limit=4&cursor=${encodeURIComponent(next)}`);
      rest.push(...page.json().items);
      next = page.json().nextCursor;
    }
    expect(rest).toEqual(untouched);
    const newest = (await ledgerPage(userId, '?limit=1')).json().items[0];
    expect(newest).toMatchObject({ kind: 'profit', amount: 7.77, balanceAfter: 300.36 });
  });

  it('answers an empty ledger, 404 for nobody, 400 for a cursor it never gave, 403 to a user', async () => {
    const newcomer = await signedInInvestor(app);
    const empty = await ledgerPage(await userIdOf(newcomer.email), '');
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ items: [], nextCursor: null });

    const missing = await ledgerPage('00000000-0000-4000-8000-000000000000', '');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ msg: 'User not found' });

    const forged = await ledgerPage(await userIdOf(newcomer.email), '?cursor=bm90LWEtY3Vyc29y');
    expect(forged.statusCode).toBe(400);

    const asUser = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/users/${await userIdOf(newcomer.email)}/ledger-entries`,
      headers: newcomer.headers,
    });
    expect(asUser.statusCode).toBe(403);
  });
});
