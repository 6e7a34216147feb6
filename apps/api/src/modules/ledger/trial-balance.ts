import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/database';
import { ledgerEntries } from '../../db/schema';
import type { LedgerAccount } from './postings';

/**
 * The trial balance's lines, in the contract's order: the platform's accounts, then what is owed to
 * users (`available` and `held`, each summed over all users). Every account of the ledger is here, so
 * the lines sum to the whole ledger.
 */
export const trialBalanceAccounts = [
  'deposits_received',
  'withdrawals_paid',
  'profit_paid',
  'bonus_paid',
  'adjustments',
  'available',
  'held',
] as const satisfies readonly LedgerAccount[];

export type TrialBalanceAccount = (typeof trialBalanceAccounts)[number];

/** Each account's balance and the total, in cents. */
export type TrialBalanceCents = { balances: Record<TrialBalanceAccount, number>; total: number };

/** A sum the database answers as bigint (a string from the drivers) as cents, refused if not exact. */
export function exactCents(value: string | number | null | undefined): number {
  const amount = Number(value ?? 0);
  if (!Number.isSafeInteger(amount)) throw new Error(`A sum of ${String(value)} cents is not exact`);
  return amount;
}

/**
 * The ledger as a trial balance, in one pass over its entries: each account's balance is the sum of its
 * entries (positive credits an account, negative debits it), and `total`, the sum of every entry, is 0
 * because every journal balances. It is summed by the database itself, not from the lines, so a
 * journal that did not balance would show here rather than be hidden by arithmetic. Dollars only:
 * coins and units are other assets, each balanced on its own.
 */
export async function trialBalanceCents(db: Database): Promise<TrialBalanceCents> {
  const sums = trialBalanceAccounts.map(
    (account) =>
      sql`coalesce(sum(amount_cents) FILTER (WHERE account = ${account}::ledger_account), 0)::bigint AS ${sql.identifier(account)}`,
  );
  const [row] = rowsOf<Record<TrialBalanceAccount | 'total', string | number>>(
    await db.execute(
      sql`SELECT ${sql.join(sums, sql`, `)}, coalesce(sum(amount_cents), 0)::bigint AS total FROM ${ledgerEntries} WHERE asset = 'USD'`,
    ),
  );
  const balances = Object.fromEntries(
    trialBalanceAccounts.map((account) => [account, exactCents(row?.[account])]),
  ) as Record<TrialBalanceAccount, number>;
  return { balances, total: exactCents(row?.total) };
}
