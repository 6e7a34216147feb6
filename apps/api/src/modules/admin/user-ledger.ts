import type { components } from '@ledgerline/api-client/contract';
import { centsToUsdNumber } from '@ledgerline/rules/usd';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { ledgerEntries, ledgerJournals, users } from '../../db/schema';
import { keysetPage, type PageQuery } from '../../http/pagination';
import { optionalUserRef } from '../money/views';

type LedgerEntryPage = components['schemas']['LedgerEntryPage'];

/**
 * One keyset page of a user's ledger (their `available` and `held` entries), newest first, each entry
 * with its account's balance just after it.
 *
 * The balance is a running sum over every entry of the user's account, oldest first by (createdAt, id),
 * taken before the page is cut out of them: an entry's balance is the same whichever page it falls on,
 * and the balances of one page go on from those of the page before. Sum and page are one statement,
 * so both see the same entries even while new ones are posted.
 */
export async function userLedgerPage(
  db: Database,
  userId: string,
  query: PageQuery,
): Promise<LedgerEntryPage> {
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
      .where(eq(ledgerEntries.userId, userId)),
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
    toItem: ({ journal, poster: by, ...entry }) => ({
      _id: entry.id,
      journalId: entry.journalId,
      account: entry.account as 'available' | 'held',
      amount: centsToUsdNumber(Number(entry.amountCents)),
      balanceAfter: centsToUsdNumber(Number(entry.balanceAfterCents)),
      kind: entry.kind,
      memo: journal.memo,
      createdAt: entry.createdAt.toISOString(),
      createdBy: optionalUserRef(by),
      ref: journal.ref,
    }),
  });
}
