import { is, SQL, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database';
import { ledgerEntries, ledgerJournals } from '../../db/schema';

export type LedgerAccount = (typeof ledgerEntries.$inferInsert)['account'];
export type JournalKind = (typeof ledgerJournals.$inferInsert)['kind'];

/**
 * The asset an amount is counted in: `USD`, a coin's code (`BTC`) or a fund's units
 * (`units:<fund id>`). Amounts are always integers of the asset's smallest unit (cents, 10⁻⁸ of a
 * coin, 10⁻⁶ of a unit), never fractions; a journal balances per asset.
 */
export type Asset = string;

/** The asset of a journal that names none. */
export const defaultAsset: Asset = 'USD';

/** The asset of a fund's units. */
export function fundUnitsAsset(fundId: string): Asset {
  return `units:${fundId}`;
}

/** A journal as it is stored (its header; the entries are its postings). */
export type JournalRecord = typeof ledgerJournals.$inferSelect;

/** A value a journal takes: a literal, or an SQL expression over the rows of the statement posting it. */
export type JournalValue<T> = T | SQL;

export type Posting = {
  account: LedgerAccount;
  /**
   * The owner of a user account (`available`, `held`, `pending_investment`, `fund_units`); omitted
   * for the platform's and funds' accounts.
   */
  userId?: JournalValue<string>;
  /** In the asset's smallest unit: positive credits the account, negative debits it. */
  amountCents: number;
  /** The entry's asset, when it is not the journal's. */
  asset?: Asset;
  /** The fund of a fund's account and of a user's units; on a user's dollars, the fund they moved to or from. */
  fundId?: string;
};

/** One side of a transfer: an account, and its owner when it is a user's. */
export type TransferLeg = { account: LedgerAccount; userId?: JournalValue<string> };

/**
 * Two entries of one amount that only the statement knows (read from its rows): `to` is credited and
 * `from` debited by it, so the journal balances by construction. An amount that is not positive
 * writes no journal at all (a guarded transfer: nothing is posted rather than a zero or a reversal).
 */
export type Transfer = { amountCents: SQL; to: TransferLeg; from: TransferLeg };

type JournalHeader = {
  kind: JournalKind;
  /** The asset every entry is in; USD when omitted. */
  asset?: Asset;
  /** The user the movement concerns (whose history shows it); null for a fund's own movement. */
  userId: JournalValue<string> | null;
  /** The fund the movement concerns. */
  fundId?: string;
  ref: JournalValue<string>;
  memo?: JournalValue<string> | null;
  createdById?: JournalValue<string> | null;
  depositId?: JournalValue<string>;
  withdrawalId?: string;
  sourceUserId?: JournalValue<string>;
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

/**
 * The entries of a journal as `(account, user_id, amount_cents, asset, fund_id)` rows; known amounts
 * are checked here, balanced per asset.
 */
function entryRows(journal: Journal): SQL {
  const journalAsset = journal.asset ?? defaultAsset;
  const row = (
    account: LedgerAccount,
    userId: JournalValue<string> | undefined,
    amount: SQL,
    asset: Asset = journalAsset,
    fundId: string | undefined = undefined,
  ) =>
    sql`(${account}::ledger_account, ${typed(userId, 'uuid')}, ${amount}, ${asset}::text, ${typed(fundId, 'uuid')})`;
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
  const totals = new Map<Asset, number>();
  for (const posting of journal.postings) {
    const asset = posting.asset ?? journalAsset;
    totals.set(asset, (totals.get(asset) ?? 0) + posting.amountCents);
  }
  const unbalanced = [...totals].find(([, total]) => total !== 0);
  if (journal.postings.length < 2 || unbalanced !== undefined) {
    throw new Error(
      `Unbalanced journal ${String(journal.ref)}: entries sum to ${unbalanced?.[1] ?? 0} ${unbalanced?.[0] ?? journalAsset}`,
    );
  }
  for (const posting of journal.postings) {
    if (!Number.isSafeInteger(posting.amountCents) || posting.amountCents === 0) {
      throw new Error(`Journal ${String(journal.ref)} has an entry of ${posting.amountCents} cents`);
    }
  }
  return sql.join(
    journal.postings.map((posting) =>
      row(
        posting.account,
        posting.userId,
        typed(posting.amountCents, 'bigint'),
        posting.asset,
        posting.fundId,
      ),
    ),
    sql`, `,
  );
}

/** Where a journal written by `journalCtes` reads its values from, and when it is written at all. */
export type JournalSource = {
  /** The statement's rows the journal's SQL values read (sql`resolved, depositor`). */
  from?: SQL;
  /** The journal is written only when this holds (for a row of `from`). */
  where?: SQL;
  /** Of those rows, the ones the entries' SQL values read (sql`resolved`). */
  rows?: SQL;
};

/**
 * A journal and its entries as two data-modifying CTEs, `name` (answering the journal's `id`, `kind`
 * and `created_at`) and `name_entries`, for a statement that does more than post it (an approval).
 * This is the one place that writes ledger rows. The entries take the journal's id and time from the
 * first. A journal with `from` is written once per row of it for which `where` holds (none: nothing
 * is written, the rest of the statement goes on); a transfer only when its amount is positive, so
 * "no amount due" posts nothing rather than an empty movement. Known amounts are checked here
 * (balanced, whole units), and every journal again by the database at commit.
 */
export function journalCtes(name: string, journal: Journal, { from, where, rows }: JournalSource = {}): SQL {
  const journalName = sql.identifier(name);
  const conditions = [
    ...(where ? [where] : []),
    ...('transfer' in journal ? [sql`(${journal.transfer.amountCents}) > 0`] : []),
  ];
  return sql`${journalName} AS (
      INSERT INTO ${ledgerJournals}
        (kind, user_id, fund_id, ref, memo, created_by_id, deposit_id, withdrawal_id, source_user_id)
      SELECT ${journal.kind}::journal_kind, ${typed(journal.userId, 'uuid')}, ${typed(journal.fundId, 'uuid')},
        ${typed(journal.ref, 'text')},
        ${typed(journal.memo, 'text')}, ${typed(journal.createdById, 'uuid')}, ${typed(journal.depositId, 'uuid')},
        ${typed(journal.withdrawalId, 'uuid')}, ${typed(journal.sourceUserId, 'uuid')}
      ${from ? sql`FROM ${from}` : sql``}
      ${conditions.length > 0 ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``}
      RETURNING id, kind, created_at
    ), ${sql.identifier(`${name}_entries`)} AS (
      INSERT INTO ${ledgerEntries} (journal_id, kind, account, user_id, amount_cents, asset, fund_id, created_at)
      SELECT ${journalName}.id, ${journalName}.kind, posting.account, posting.user_id, posting.amount_cents,
        posting.asset, posting.fund_id, ${journalName}.created_at
      FROM ${journalName}${rows ? sql`, ${rows}` : sql``}, LATERAL (VALUES ${entryRows(journal)})
        AS posting (account, user_id, amount_cents, asset, fund_id)
    )`;
}
