import { accountFigureFields } from '@ledgerline/api-client/catalog';
import type { components } from '@ledgerline/api-client/contract';
import { centsToUsdNumber } from '@ledgerline/rules/usd';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/database';
import { type FigureCents, figureCentsQuery } from '../ledger/figures';

type UserInfo = components['schemas']['UserInfo'];

/** Every money figure of `UserInfo`, and the tier that follows from them. */
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

/** The plan whose range holds these cents (the tier's basis); `None` below Student's minimum. */
export function tierFor(basisCents: number): AccountFigures['accountTier'] {
  let tier: AccountFigures['accountTier'] = 'None';
  for (const [name, floor] of tierFloors) if (basisCents >= floor) tier = name;
  return tier;
}

/**
 * What the tier counts: approved deposits, with the money invested in funds counted at what it is
 * worth now (units × NAV per unit) rather than at what went in. Investing moves no money out of the
 * user's reach, so it neither lowers the tier nor counts twice; a fund's gain raises it, a loss lowers it.
 */
export function tierBasisCents(figures: {
  deposits: number;
  fundValue: number;
  fundInvested: number;
  fundRedeemed: number;
}): number {
  return figures.deposits + figures.fundValue - (figures.fundInvested - figures.fundRedeemed);
}

/**
 * The one place the user's money figures come from: the ledger's figures in cents
 * (`figureCentsQuery`), in USD:
 *
 * - `availableBalance`: the available balance; `totalBalance`: available + held + money waiting for
 *   a fund's valuation + the value of the funds held (units × NAV per unit);
 * - `pendingWithdrawals`: the held balance, which is exactly the pending withdrawals;
 * - `deposits`, `withdrawals`, `pendingDeposits`, `bonus`: those figures;
 * - `profits`: profit credited plus the funds' gains (value − investments priced + redemptions paid);
 * - `moneyEarned`: what the last 7 days earned: the change in the value of the funds held over them,
 *   net of the flows (investments priced in are not earnings, redemptions paid out are not losses;
 *   deposits and withdrawals never count), plus profit and bonus credited in them;
 * - `accountTier`: `tierFor(tierBasisCents(…))`.
 */
export async function accountFigures(db: Database, userId: string): Promise<AccountFigures> {
  const [row] = rowsOf<FigureCents>(await db.execute(figureCentsQuery(sql`${userId}::uuid`)));
  return toAccountFigures(row);
}

export function toAccountFigures(row: FigureCents | undefined): AccountFigures {
  const cents = (name: keyof FigureCents) => Number(row?.[name] ?? 0);
  const fundsWeekGain =
    cents('fund_value') -
    cents('fund_value_week_ago') -
    cents('fund_invested_week') +
    cents('fund_redeemed_week');
  return {
    accountTier: tierFor(
      tierBasisCents({
        deposits: cents('deposits'),
        fundValue: cents('fund_value'),
        fundInvested: cents('fund_invested'),
        fundRedeemed: cents('fund_redeemed'),
      }),
    ),
    totalBalance: centsToUsdNumber(
      cents('available') + cents('held') + cents('pending_investment') + cents('fund_value'),
    ),
    availableBalance: centsToUsdNumber(cents('available')),
    moneyEarned: centsToUsdNumber(cents('earned') + fundsWeekGain),
    bonus: centsToUsdNumber(cents('bonus')),
    profits: centsToUsdNumber(
      cents('profits') + cents('fund_value') - cents('fund_invested') + cents('fund_redeemed'),
    ),
    deposits: centsToUsdNumber(cents('deposits')),
    withdrawals: centsToUsdNumber(cents('withdrawals')),
    pendingDeposits: centsToUsdNumber(cents('pending_deposits')),
    pendingWithdrawals: centsToUsdNumber(cents('held')),
  };
}

export const figureNames: ReadonlySet<string> = new Set<keyof AccountFigures>(accountFigureFields);
