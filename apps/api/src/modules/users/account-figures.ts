import { accountFigureFields } from '@ledgerline/api-client/catalog';
import type { components } from '@ledgerline/api-client/contract';
import { centsToUsdNumber } from '@ledgerline/rules/usd';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/database';

type UserInfo = components['schemas']['UserInfo'];

/** Every money figure of `UserInfo`, and the tier that follows from approved deposits. */
export type AccountFigures = Required<
  Pick<
    UserInfo,
    | 'accountTier'
    | 'totalBalance'
    | 'availableBalance'
    | 'moneyEarned'
    | 'bonus'
    | 'profits'
    | 'deposits'
    | 'withdrawals'
    | 'pendingDeposits'
    | 'pendingWithdrawals'
  >
>;

/**
 * The plans' ranges in cents (the spec's plan table, read in USD), lowest first. Each range holds its
 * lower bound: 2,000.00 is Basic, 1,999.99 Student. The spec lists Silver as "100,000 to 500,000"
 * and Gold as "500,000 to 999,999.99": with lower bounds inclusive, 500,000 is Gold. Platinum runs
 * "1,000,000 to 5,000,000" and Diamond "above 5,000,000", so 5,000,000.00 is Platinum and Diamond
 * starts at 5,000,000.01.
 */
export const tierFloors: ReadonlyArray<readonly [AccountFigures['accountTier'], number]> = [
  ['Student', 100_00],
  ['Basic', 2_000_00],
  ['Standard', 20_000_00],
  ['Bronze', 50_000_00],
  ['Silver', 100_000_00],
  ['Gold', 500_000_00],
  ['Platinum', 1_000_000_00],
  ['Diamond', 5_000_000_01],
];

/** The plan whose range holds these approved deposits; `None` below Student's minimum. */
export function tierFor(approvedDepositCents: number): AccountFigures['accountTier'] {
  let tier: AccountFigures['accountTier'] = 'None';
  for (const [name, floor] of tierFloors) if (approvedDepositCents >= floor) tier = name;
  return tier;
}

/**
 * The one place the user's money figures come from: every figure is a query over the ledger's
 * entries (and, for pending deposits, the requests, since no money moves before approval). Nothing
 * is stored as a number to overwrite (ARCHITECTURE.md, "Money").
 *
 * - `availableBalance`: the sum of the user's `available` entries (what can be withdrawn);
 * - `totalBalance`: available + held (held = the pending withdrawals' holds);
 * - `deposits`: approved deposits, the `deposit` credits to available;
 * - `withdrawals`: approved withdrawals, the `withdrawal_paid` debits of held;
 * - `pendingDeposits`: deposit requests still pending (no entries yet);
 * - `pendingWithdrawals`: the held balance, which is exactly the pending withdrawals;
 * - `profits`: `profit` credits; `bonus`: `bonus` and `referral_bonus` credits;
 * - `moneyEarned`: profit and bonus credited in the last 7 days;
 * - `accountTier`: `tierFor(deposits)`.
 * Adjustments change the balances but none of the named totals.
 */
export async function accountFigures(db: Database, userId: string): Promise<AccountFigures> {
  const [row] = rowsOf<FigureCents>(await db.execute(figureCentsQuery(sql`${userId}::uuid`)));
  return toAccountFigures(row);
}

/** The figures' query in cents, one row, for the user `userId` names (a value or a column). */
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
    FROM ledger_entries e
    WHERE e.user_id = ${userId}`;
}

/** One row of `figureCentsQuery`; drivers answer bigint as a string (or a number through JSON). */
export type FigureCents = Record<
  'available' | 'held' | 'deposits' | 'withdrawals' | 'profits' | 'bonus' | 'earned' | 'pending_deposits',
  string | number
>;

export function toAccountFigures(row: FigureCents | undefined): AccountFigures {
  const cents = (name: keyof FigureCents) => Number(row?.[name] ?? 0);
  return {
    accountTier: tierFor(cents('deposits')),
    totalBalance: centsToUsdNumber(cents('available') + cents('held')),
    availableBalance: centsToUsdNumber(cents('available')),
    moneyEarned: centsToUsdNumber(cents('earned')),
    bonus: centsToUsdNumber(cents('bonus')),
    profits: centsToUsdNumber(cents('profits')),
    deposits: centsToUsdNumber(cents('deposits')),
    withdrawals: centsToUsdNumber(cents('withdrawals')),
    pendingDeposits: centsToUsdNumber(cents('pending_deposits')),
    pendingWithdrawals: centsToUsdNumber(cents('held')),
  };
}

export const figureNames: ReadonlySet<string> = new Set<keyof AccountFigures>(accountFigureFields);
