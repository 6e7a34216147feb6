import { type SQL, sql } from 'drizzle-orm';
import { ledgerEntries, ledgerJournals } from '../../db/schema';

/**
 * A user's money figures in cents, one row, for the user `userId` names (a value or a column): every
 * figure is a sum over the user's ledger entries, except pending deposits, which are read from the
 * requests since no money moves before approval. Nothing is stored as a number to overwrite.
 *
 * - `available`: the sum of the user's `available` entries (what can be withdrawn);
 * - `held`: the holds of pending withdrawals;
 * - `deposits`: approved deposits, the `deposit` credits to available;
 * - `withdrawals`: approved withdrawals, the `withdrawal_paid` debits of held;
 * - `profits`: `profit` credits; `bonus`: `bonus` and `referral_bonus` credits;
 * - `earned`: profit and bonus credited in the last 7 days;
 * - `pending_deposits`: deposit requests still pending (no entries yet).
 * Adjustments change the balances but none of the named totals.
 */
export function figureCentsQuery(userId: SQL): SQL {
  return sql`
    SELECT
      coalesce(sum(e.amount_cents) FILTER (WHERE e.account = 'available'), 0)::bigint AS available,
      coalesce(sum(e.amount_cents) FILTER (WHERE e.account = 'held'), 0)::bigint AS held,
      coalesce(sum(e.amount_cents) FILTER (WHERE e.account = 'available' AND e.kind = 'deposit'), 0)::bigint
        AS deposits,
      coalesce(-sum(e.amount_cents) FILTER (WHERE e.account = 'held' AND e.kind = 'withdrawal_paid'), 0)::bigint
        AS withdrawals,
      coalesce(sum(e.amount_cents) FILTER (WHERE e.account = 'available' AND e.kind = 'profit'), 0)::bigint
        AS profits,
      coalesce(sum(e.amount_cents) FILTER (
        WHERE e.account = 'available' AND e.kind IN ('bonus', 'referral_bonus')), 0)::bigint AS bonus,
      coalesce(sum(e.amount_cents) FILTER (
        WHERE e.account = 'available' AND e.kind IN ('profit', 'bonus', 'referral_bonus')
          AND e.created_at >= now() - interval '7 days'), 0)::bigint AS earned,
      (SELECT coalesce(sum(d.amount_cents), 0)::bigint FROM deposits d
        WHERE d.user_id = ${userId} AND d.status = 'pending') AS pending_deposits
    FROM ${ledgerEntries} e
    WHERE e.user_id = ${userId}`;
}

/** One row of `figureCentsQuery`; drivers answer bigint as a string (or a number through JSON). */
export type FigureCents = Record<
  'available' | 'held' | 'deposits' | 'withdrawals' | 'profits' | 'bonus' | 'earned' | 'pending_deposits',
  string | number
>;

/**
 * The referral bonus `referrerId` earned from the user `referredId` names (a column of the outer
 * query), in cents, as a scalar subquery: the credits to the referrer's available account of the
 * `referral_bonus` journals that user's first deposit made.
 */
export function referralBonusCentsSql(referrerId: string, referredId: SQL): SQL {
  return sql`coalesce((SELECT sum(e.amount_cents) FROM ${ledgerJournals} j
    JOIN ${ledgerEntries} e ON e.journal_id = j.id AND e.account = 'available' AND e.user_id = ${referrerId}
    WHERE j.kind = 'referral_bonus' AND j.source_user_id = ${referredId} AND j.user_id = ${referrerId}), 0)::bigint`;
}
