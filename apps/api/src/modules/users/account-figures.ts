import type { components } from '@ledgerline/api-client';
import type { Database } from '../../db/database';

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
 * The one place the user's money figures come from.
 *
 * PART 2 REPLACES THIS BODY with queries over the ledger's entries and the deposit and withdrawal
 * requests (ARCHITECTURE.md, "Money": every figure is a query, never a stored number). Part 1 has no
 * ledger yet, so nobody has any money: every amount is 0 and the tier is `None`. That is the honest
 * answer, not a placeholder that could drift from real data, since there is no real data.
 */
export async function accountFigures(_db: Database, _userId: string): Promise<AccountFigures> {
  return {
    accountTier: 'None',
    totalBalance: 0,
    availableBalance: 0,
    moneyEarned: 0,
    bonus: 0,
    profits: 0,
    deposits: 0,
    withdrawals: 0,
    pendingDeposits: 0,
    pendingWithdrawals: 0,
  };
}

export const figureNames: ReadonlySet<string> = new Set<keyof AccountFigures>([
  'accountTier',
  'totalBalance',
  'availableBalance',
  'moneyEarned',
  'bonus',
  'profits',
  'deposits',
  'withdrawals',
  'pendingDeposits',
  'pendingWithdrawals',
]);
