import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { ledgerEntries, ledgerJournals, users } from '../../db/schema';
import { keysetPage, type PageQuery } from '../../http/pagination';

/** One entry of a user's ledger, with its account's balance just after it (cents) and its journal. */
export type UserEntry = {
  id: string;
  journalId: string;
  account: 'available' | 'held';
  /**
   * A user's `available` and `held` entries never carry a fund's own kinds: units are issued from
   * `pending_investment`, and trades and fees move only the fund's accounts.
   */
  kind: Exclude<(typeof ledgerEntries.$inferSelect)['kind'], 'fund_issue' | 'fund_trade' | 'fund_fee'>;
  amountCents: number;
  balanceAfterCents: number;
  createdAt: Date;
  memo: string | null;
  ref: string;
  /** The admin who posted its journal, when one did. */
  postedBy: { id: string | null; fullname: string | null; email: string | null } | null;
};

/**
 * One keyset page of a user's ledger (their `available` and `held` entries), newest first, each entry
 * with its account's balance just after it.
 *
 * The balance is a running sum over every entry of the user's account, oldest first by (createdAt, id),
 * taken before the page is cut out of them: an entry's balance is the same whichever page it falls on,
 * and the balances of one page go on from those of the page before. Sum and page are one statement,
 * so both see the same entries even while new ones are posted.
 */
export async function userEntryPage<Item>(
  db: Database,
  userId: string,
  query: PageQuery,
  toItem: (entry: UserEntry) => Item,
): Promise<{ items: Item[]; nextCursor: string | null }> {
  const running = db.$with('running').as(
    db
      .select({
        id: ledgerEntries.id,
        journalId: ledgerEntries.journalId,
        account: ledgerEntries.account,
        kind: ledgerEntries.kind,
        amountCents: ledgerEntries.amountCents,
        createdAt: ledgerEntries.createdAt,
        balanceAfterCents: sql<string>`sum(${ledgerEntries.amountCents}) OVER (
          PARTITION BY ${ledgerEntries.account}
          ORDER BY ${ledgerEntries.createdAt}, ${ledgerEntries.id}
          ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)`.as('balance_after_cents'),
      })
      .from(ledgerEntries)
      // The user's dollars: their money waiting for a fund and their units are not on this ledger page.
      .where(
        and(
          eq(ledgerEntries.userId, userId),
          inArray(ledgerEntries.account, ['available', 'held']),
          eq(ledgerEntries.asset, 'USD'),
        ),
      ),
  );
  const poster = alias(users, 'poster');
  return keysetPage({
    query,
    keys: running,
    filters: [],
    read: ({ where, orderBy, limit }) =>
      db
        .with(running)
        .select({
          id: running.id,
          journalId: running.journalId,
          account: running.account,
          kind: running.kind,
          amountCents: running.amountCents,
          createdAt: running.createdAt,
          balanceAfterCents: running.balanceAfterCents,
          journal: { memo: ledgerJournals.memo, ref: ledgerJournals.ref },
          poster: { id: poster.id, fullname: poster.fullname, email: poster.email },
        })
        .from(running)
        .innerJoin(ledgerJournals, eq(ledgerJournals.id, running.journalId))
        .leftJoin(poster, eq(poster.id, ledgerJournals.createdById))
        .where(where)
        .orderBy(...orderBy)
        .limit(limit),
    keyOf: (entry) => entry,
    toItem: ({ journal, poster: by, ...entry }) =>
      toItem({
        id: entry.id,
        journalId: entry.journalId,
        account: entry.account as UserEntry['account'],
        kind: entry.kind as UserEntry['kind'],
        amountCents: Number(entry.amountCents),
        balanceAfterCents: Number(entry.balanceAfterCents),
        createdAt: entry.createdAt,
        memo: journal.memo,
        ref: journal.ref,
        postedBy: by,
      }),
  });
}
