import { is, SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf, type Tx } from '../../db/database';
import { ledgerEntries, ledgerJournals } from '../../db/schema';

export type LedgerAccount = (typeof ledgerEntries.$inferInsert)['account'];
export type JournalKind = (typeof ledgerJournals.$inferInsert)['kind'];

/** A value a journal takes: a literal, or an SQL expression over the rows of the statement posting it. */
export type JournalValue<T> = T | SQL;

export type Posting = {
  account: LedgerAccount;
  /** The owner of a user account (`available`, `held`); omitted for the platform's accounts. */
  userId?: JournalValue<string>;
  /** Positive credits the account, negative debits it. */
  amountCents: number;
};

/** One side of a transfer: an account, and its owner when it is a user's. */
export type TransferLeg = { account: LedgerAccount; userId?: JournalValue<string> };

/**
 * Two entries of one amount that only the statement knows (read from its rows): `to` is credited and
 * `from` debited by it, so the journal balances by construction.
 */
export type Transfer = { amountCents: SQL; to: TransferLeg; from: TransferLeg };

type JournalHeader = {
  kind: JournalKind;
  /** The user the movement concerns (whose history shows it). */
  userId: JournalValue<string>;
  ref: JournalValue<string>;
  memo?: string | null;
  createdById?: string | null;
  depositId?: JournalValue<string>;
  withdrawalId?: string;
  sourceUserId?: string;
};

/** A journal: its entries as postings of known amounts, or as one transfer of an amount read in SQL. */
export type Journal = JournalHeader & ({ postings: Posting[] } | { transfer: Transfer });

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

/** A value as SQL of `type`: a bound parameter, or the expression itself. */
function typed(value: JournalValue<string | number> | null | undefined, type: string): SQL {
  const cast = sql.raw(type);
  return is(value, SQL) ? sql`(${value})::${cast}` : sql`${value ?? null}::${cast}`;
}

/** The entries of a journal as `(account, user_id, amount_cents)` rows; known amounts are checked here. */
function entryRows(journal: Journal): SQL {
  const row = (account: LedgerAccount, userId: JournalValue<string> | undefined, amount: SQL) =>
    sql`(${account}::ledger_account, ${typed(userId, 'uuid')}, ${amount})`;
  if ('transfer' in journal) {
    const { amountCents, to, from } = journal.transfer;
    return sql.join(
      [
        row(to.account, to.userId, typed(amountCents, 'bigint')),
        row(from.account, from.userId, sql`(-(${amountCents}))::bigint`),
      ],
      sql`, `,
    );
  }
  const total = journal.postings.reduce((sum, posting) => sum + posting.amountCents, 0);
  if (journal.postings.length < 2 || total !== 0) {
    throw new Error(`Unbalanced journal ${String(journal.ref)}: entries sum to ${total} cents`);
  }
  for (const posting of journal.postings) {
    if (!Number.isSafeInteger(posting.amountCents) || posting.amountCents === 0) {
      throw new Error(`Journal ${String(journal.ref)} has an entry of ${posting.amountCents} cents`);
    }
  }
  return sql.join(
    journal.postings.map((posting) =>
      row(posting.account, posting.userId, typed(posting.amountCents, 'bigint')),
    ),
    sql`, `,
  );
}

/**
 * A journal and its entries as two data-modifying CTEs, `name` (answering the journal's `id`, `kind`
 * and `created_at`) and `name_entries`, for a statement that does more than post it (an approval).
 * This is the one place that writes ledger rows. The entries take the journal's id and time from the
 * first. Options:
 * - `onlyIf`, a FROM clause such as sql`FROM depositor WHERE first`: the journal is written only if
 *   that clause yields a row (the journal's SQL values may read its rows);
 * - `rows`, the statement's CTEs the entries' SQL values read (sql`resolved`).
 * Known amounts are checked here (balanced, whole cents), and every journal again by the database at
 * commit.
 */
export function journalCtes(
  name: string,
  journal: Journal,
  { onlyIf = sql``, rows }: { onlyIf?: SQL; rows?: SQL } = {},
): SQL {
  const journalName = sql.identifier(name);
  return sql`${journalName} AS (
      INSERT INTO ${ledgerJournals}
        (kind, user_id, ref, memo, created_by_id, deposit_id, withdrawal_id, source_user_id)
      SELECT ${journal.kind}::journal_kind, ${typed(journal.userId, 'uuid')}, ${typed(journal.ref, 'text')},
        ${journal.memo ?? null}, ${typed(journal.createdById, 'uuid')}, ${typed(journal.depositId, 'uuid')},
        ${typed(journal.withdrawalId, 'uuid')}, ${typed(journal.sourceUserId, 'uuid')}
      ${onlyIf}
      RETURNING id, kind, created_at
    ), ${sql.identifier(`${name}_entries`)} AS (
      INSERT INTO ${ledgerEntries} (journal_id, kind, account, user_id, amount_cents, created_at)
      SELECT ${journalName}.id, ${journalName}.kind, posting.account, posting.user_id, posting.amount_cents,
        ${journalName}.created_at
      FROM ${journalName}${rows ? sql`, ${rows}` : sql``}, LATERAL (VALUES ${entryRows(journal)})
        AS posting (account, user_id, amount_cents)
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
