import { type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf, type Tx } from '../../db/database';
import { fundValuations, ledgerEntries, ledgerJournals } from '../../db/schema';

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
 * - `fund_value_week_ago`: the funds held 7 days ago (their units then) at the NAV per unit of each
 *   fund's last valuation then (its first, for units from before any valuation of it), rounded down
 *   as `fund_value` is; `fund_invested_week` and `fund_redeemed_week`: investments priced and
 *   redemptions paid in those 7 days. The week's gain of the funds is `fund_value` less
 *   `fund_value_week_ago` less those flows: money moving in or out is not a gain;
 * - `pending_deposits`: deposit requests still pending (no entries yet);
 * - `pending_investment`: money sent to funds and waiting for their next valuation;
 * - `fund_value`: the funds held, Σ units × NAV per unit of each fund's last valuation, each holding
 *   rounded down to the cent (units are 10⁻⁶, NAV per unit 10⁻⁸ of a dollar);
 * - `fund_invested`: investments priced (the money that became units); `fund_redeemed`: redemptions
 *   paid. A fund's gain is its value less those net contributions: it follows from prices, and no
 *   posting an admin can make moves it.
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
        WHERE d.user_id = ${userId} AND d.status = 'pending') AS pending_deposits,
      coalesce(sum(e.amount_cents) FILTER (WHERE e.account = 'pending_investment'), 0)::bigint
        AS pending_investment,
      coalesce(-sum(e.amount_cents) FILTER (
        WHERE e.account = 'pending_investment' AND e.kind = 'fund_issue'), 0)::bigint AS fund_invested,
      coalesce(sum(e.amount_cents) FILTER (
        WHERE e.account = 'available' AND e.kind = 'fund_redemption'), 0)::bigint AS fund_redeemed,
      coalesce(-sum(e.amount_cents) FILTER (
        WHERE e.account = 'pending_investment' AND e.kind = 'fund_issue'
          AND e.created_at > now() - interval '7 days'), 0)::bigint AS fund_invested_week,
      coalesce(sum(e.amount_cents) FILTER (
        WHERE e.account = 'available' AND e.kind = 'fund_redemption'
          AND e.created_at > now() - interval '7 days'), 0)::bigint AS fund_redeemed_week,
      ${fundValueCentsSql(userId)} AS fund_value,
      ${fundValueCentsSql(userId, sql`now() - interval '7 days'`)} AS fund_value_week_ago
    FROM ${ledgerEntries} e
    -- Dollars only: a user's units are counted at their value, by fund_value.
    WHERE e.user_id = ${userId} AND e.asset = 'USD'`;
}

/**
 * The value of the funds a user holds, in cents, as a scalar subquery: per fund, the units held (the
 * sum of their `fund_units` entries) × the NAV per unit of the fund's last valuation, rounded down.
 * With `at`, the value at that time: the units held then (entries up to it) × the NAV per unit of the
 * fund's last valuation up to it, or of its first when none came before (units are issued at a
 * valuation, so that is the price they were issued at).
 */
export function fundValueCentsSql(userId: SQL, at?: SQL): SQL {
  const heldAt = at ? sql`AND u.created_at <= ${at}` : sql``;
  const navPerUnit = at
    ? sql`coalesce(
        (SELECT fv.nav_per_unit8 FROM ${fundValuations} fv WHERE fv.fund_id = h.fund_id AND fv.time <= ${at}
          ORDER BY fv.time DESC LIMIT 1),
        (SELECT fv.nav_per_unit8 FROM ${fundValuations} fv WHERE fv.fund_id = h.fund_id
          ORDER BY fv.time LIMIT 1))`
    : sql`(SELECT fv.nav_per_unit8 FROM ${fundValuations} fv WHERE fv.fund_id = h.fund_id
        ORDER BY fv.time DESC LIMIT 1)`;
  return sql`(SELECT coalesce(sum(floor(h.units::numeric * ${navPerUnit} / 1000000000000)), 0)::bigint
      FROM (SELECT u.fund_id, sum(u.amount_cents) AS units FROM ${ledgerEntries} u
        WHERE u.user_id = ${userId} AND u.account = 'fund_units' ${heldAt} GROUP BY u.fund_id) h)`;
}

/** One row of `figureCentsQuery`; drivers answer bigint as a string (or a number through JSON). */
export type FigureCents = Record<
  | 'available'
  | 'held'
  | 'deposits'
  | 'withdrawals'
  | 'profits'
  | 'bonus'
  | 'earned'
  | 'pending_deposits'
  | 'pending_investment'
  | 'fund_invested'
  | 'fund_redeemed'
  | 'fund_invested_week'
  | 'fund_redeemed_week'
  | 'fund_value'
  | 'fund_value_week_ago',
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

/** A user's money moved on one UTC day, in one of their accounts (units per fund). */
export type DailyMovement = {
  /** The UTC day, `YYYY-MM-DD`. */
  day: string;
  account: 'available' | 'held' | 'pending_investment' | 'fund_units';
  /** The fund of a `fund_units` movement; null for dollars. */
  fundId: string | null;
  /** Cents, or millionths of a unit for `fund_units`. */
  amount: bigint;
};

/**
 * What moved in each of a user's own accounts on each UTC day, oldest first: the sums of their
 * ledger entries by day, account and fund. A balance on a day is the sum of every movement up to it.
 */
export async function dailyMovements(db: Database | Tx, userId: string): Promise<DailyMovement[]> {
  const day = sql`((${ledgerEntries.createdAt} AT TIME ZONE 'UTC')::date)`;
  const rows = rowsOf<{
    day: string;
    account: DailyMovement['account'];
    fund_id: string | null;
    amount: string;
  }>(
    await db.execute(sql`SELECT ${day}::text AS day, ${ledgerEntries.account} AS account,
        CASE WHEN ${ledgerEntries.account} = 'fund_units' THEN ${ledgerEntries.fundId} END AS fund_id,
        sum(${ledgerEntries.amountCents})::text AS amount
      FROM ${ledgerEntries}
      WHERE ${ledgerEntries.userId} = ${userId}
        AND ${ledgerEntries.account} IN ('available', 'held', 'pending_investment', 'fund_units')
      GROUP BY 1, 2, 3
      ORDER BY 1`),
  );
  return rows.map((row) => ({
    day: row.day,
    account: row.account,
    fundId: row.fund_id,
    amount: BigInt(row.amount),
  }));
}
