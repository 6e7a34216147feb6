import { type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf, type Tx } from '../../db/database';
import { ledgerEntries } from '../../db/schema';
import { type Asset, defaultAsset, type LedgerAccount } from './postings';

/** A user's balances in one asset, in its smallest unit: each account's balance is the sum of its entries. */
export type UserBalances = { asset: Asset; available: number; held: number };

/**
 * Takes the user's row lock for the rest of the transaction: every movement of one user's money
 * (withdrawal holds, debits, approvals) queues behind it, so "is there enough?" and "take it" are
 * one step. Answers whether the user exists.
 */
export async function lockUser(tx: Tx, userId: string): Promise<boolean> {
  const result = await tx.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
  return rowsOf(result).length > 0;
}

/** The balance of each of a user's accounts: the sum of its entries. */
export async function userBalances(
  tx: Tx | Database,
  userId: string,
  asset: Asset = defaultAsset,
): Promise<UserBalances> {
  const result = await tx.execute(sql`
    SELECT
      coalesce(sum(amount_cents) FILTER (WHERE account = 'available'), 0)::bigint AS available,
      coalesce(sum(amount_cents) FILTER (WHERE account = 'held'), 0)::bigint AS held
    FROM ${ledgerEntries}
    WHERE user_id = ${userId} AND asset = ${asset}`);
  const [row] = rowsOf<{ available: string | number; held: string | number }>(result);
  return { asset, available: Number(row?.available ?? 0), held: Number(row?.held ?? 0) };
}

/**
 * The balance of one of a user's accounts as a scalar subquery (bigint), for a query that lists users:
 * `userId` is the outer query's column, qualified by hand (inside the subquery a bare "id" would be
 * the entry's own). The account is written as a literal (one of two names), as the planner best
 * reads it.
 */
export function accountBalanceSql(
  userId: SQL,
  account: Extract<LedgerAccount, 'available' | 'held'>,
): SQL<string> {
  return sql<string>`(SELECT coalesce(sum(e.amount_cents), 0)::bigint FROM ${ledgerEntries} e
    WHERE e.user_id = ${userId} AND e.account = ${sql.raw(`'${account}'`)} AND e.asset = 'USD')`;
}
