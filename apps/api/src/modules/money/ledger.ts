import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { ledgerEntries, ledgerJournals } from '../../db/schema';

/** A transaction handle or the database: every ledger write runs inside its caller's transaction. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export type LedgerAccount = (typeof ledgerEntries.$inferInsert)['account'];
export type JournalKind = (typeof ledgerJournals.$inferInsert)['kind'];

export type Posting = {
  account: LedgerAccount;
  /** The owner of a user account (`available`, `held`); omitted for the platform's accounts. */
  userId?: string;
  /** Positive credits the account, negative debits it. */
  amountCents: number;
};

export type Journal = {
  kind: JournalKind;
  /** The user the movement concerns (whose history shows it). */
  userId: string;
  ref: string;
  memo?: string | null;
  createdById?: string | null;
  depositId?: string;
  withdrawalId?: string;
  sourceUserId?: string;
  postings: Posting[];
};

/**
 * Posts one journal transaction: its entries must sum to zero (checked here, and again by the
 * database at commit). Call it inside a transaction that has locked the user (`lockUser`), so that
 * balance checks and postings of one user never interleave.
 */
export async function postJournal(tx: Tx, journal: Journal): Promise<{ id: string; createdAt: Date }> {
  // The journal and its entries in one statement (one round trip).
  const result = await tx.execute(
    sql`WITH ${journalCtes('journal', journal)} SELECT id, created_at FROM journal`,
  );
  const [stored] = rowsOf<{ id: string; created_at: Date | string }>(result);
  if (!stored) throw new Error('The journal was not stored');
  return { id: stored.id, createdAt: new Date(stored.created_at) };
}

/**
 * A journal and its entries as two data-modifying CTEs, `name` (answering the journal's `id`, `kind`
 * and `created_at`) and `name_entries`, for a statement that does more than post it (an approval).
 * The entries take the journal's id and time from the first. With `onlyIf`, a FROM clause such as
 * sql`FROM depositor WHERE first`, the journal is written only if that clause yields a row.
 * The journal is checked here (balanced, whole cents), and again by the database at commit.
 */
export function journalCtes(name: string, journal: Journal, onlyIf: SQL = sql``): SQL {
  const total = journal.postings.reduce((sum, posting) => sum + posting.amountCents, 0);
  if (journal.postings.length < 2 || total !== 0) {
    throw new Error(`Unbalanced journal ${journal.ref}: entries sum to ${total} cents`);
  }
  for (const posting of journal.postings) {
    if (!Number.isSafeInteger(posting.amountCents) || posting.amountCents === 0) {
      throw new Error(`Journal ${journal.ref} has an entry of ${posting.amountCents} cents`);
    }
  }
  const postings = sql.join(
    journal.postings.map(
      (posting) =>
        sql`(${posting.account}::ledger_account, ${posting.userId ?? null}::uuid, ${posting.amountCents}::bigint)`,
    ),
    sql`, `,
  );
  const journalName = sql.identifier(name);
  return sql`${journalName} AS (
      INSERT INTO ${ledgerJournals}
        (kind, user_id, ref, memo, created_by_id, deposit_id, withdrawal_id, source_user_id)
      SELECT ${journal.kind}::journal_kind, ${journal.userId}::uuid, ${journal.ref}, ${journal.memo ?? null},
        ${journal.createdById ?? null}::uuid, ${journal.depositId ?? null}::uuid,
        ${journal.withdrawalId ?? null}::uuid, ${journal.sourceUserId ?? null}::uuid
      ${onlyIf}
      RETURNING id, kind, created_at
    ), ${sql.identifier(`${name}_entries`)} AS (
      INSERT INTO ${ledgerEntries} (journal_id, kind, account, user_id, amount_cents, created_at)
      SELECT ${journalName}.id, ${journalName}.kind, posting.account, posting.user_id, posting.amount_cents,
        ${journalName}.created_at
      FROM ${journalName}, (VALUES ${postings}) AS posting (account, user_id, amount_cents)
    )`;
}

/**
 * Takes the user's row lock for the rest of the transaction: every movement of one user's money
 * (withdrawal holds, debits, approvals) queues behind it, so "is there enough?" and "take it" are
 * one step. Answers whether the user exists.
 */
export async function lockUser(tx: Tx, userId: string): Promise<boolean> {
  const result = await tx.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
  return rowsOf(result).length > 0;
}

/** The balance of each of a user's accounts, in cents: the sum of its entries. */
export async function userBalances(
  tx: Tx | Database,
  userId: string,
): Promise<{ available: number; held: number }> {
  const result = await tx.execute(sql`
    SELECT
      coalesce(sum(amount_cents) FILTER (WHERE account = 'available'), 0)::bigint AS available,
      coalesce(sum(amount_cents) FILTER (WHERE account = 'held'), 0)::bigint AS held
    FROM ledger_entries
    WHERE user_id = ${userId}`);
  const [row] = rowsOf<{ available: string | number; held: string | number }>(result);
  return { available: Number(row?.available ?? 0), held: Number(row?.held ?? 0) };
}

/** The rows of `db.execute`, which node-postgres and PGlite both answer as `{ rows }`. */
export function rowsOf<Row = Record<string, unknown>>(result: unknown): Row[] {
  return ((result as { rows?: Row[] }).rows ?? []) as Row[];
}
