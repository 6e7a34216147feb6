import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/database';
import { ledgerEntries } from '../../db/schema';
import { type Asset, defaultAsset, type LedgerAccount } from './postings';

/**
 * The trial balance's dollar lines, in the contract's order: the platform's accounts, what is owed to
 * users (`available`, `held`, and money waiting for a fund's valuation, each summed over all users),
 * then the funds' accounts that hold dollars (each summed over all funds). Every account that can
 * hold dollars is here, so the lines sum to every dollar of the ledger.
 */
export const trialBalanceAccounts = [
  'deposits_received',
  'withdrawals_paid',
  'profit_paid',
  'bonus_paid',
  'adjustments',
  'available',
  'held',
  'pending_investment',
  'fund_cash',
  'exchange',
  'exchange_fees',
  'management_fees',
] as const satisfies readonly LedgerAccount[];

export type TrialBalanceAccount = (typeof trialBalanceAccounts)[number];

/** The order of an asset's lines: the ledger's accounts as its enum declares them. */
const accountOrder: readonly LedgerAccount[] = [
  ...trialBalanceAccounts,
  'fund_units',
  'fund_coin',
  'fund_units_outstanding',
];

/** One asset other than dollars: each account's balance in its smallest unit, and the asset's total. */
export type AssetTrialBalance = {
  asset: Asset;
  lines: Array<{ account: LedgerAccount; balance: bigint }>;
  total: bigint;
};

/** Each dollar account's balance and the dollars' total, in cents; then every other asset's. */
export type TrialBalanceCents = {
  balances: Record<TrialBalanceAccount, number>;
  total: number;
  assets: AssetTrialBalance[];
};

/** A sum the database answers as bigint (a string from the drivers) as cents, refused if not exact. */
export function exactCents(value: string | number | null | undefined): number {
  const amount = Number(value ?? 0);
  if (!Number.isSafeInteger(amount)) throw new Error(`A sum of ${String(value)} cents is not exact`);
  return amount;
}

/** Coins first, then funds' units, each alphabetically. */
function assetOrder(a: Asset, b: Asset): number {
  const units = (asset: Asset) => (asset.startsWith('units:') ? 1 : 0);
  return units(a) - units(b) || (a < b ? -1 : a > b ? 1 : 0);
}

/**
 * The ledger as a trial balance, in one pass over its entries, per asset: each account's balance is
 * the sum of its entries in that asset (positive credits an account, negative debits it), and each
 * asset's total, the sum of its entries, is 0 because every journal balances in every asset. The
 * totals are summed by the database itself (a grouping set of their own), not from the lines, so a
 * journal that did not balance would show here rather than be hidden by arithmetic.
 */
export async function trialBalanceCents(db: Database): Promise<TrialBalanceCents> {
  const rows = rowsOf<{ asset: string; account: string | null; balance: string | number }>(
    await db.execute(sql`SELECT asset, account::text AS account, sum(amount_cents)::text AS balance
      FROM ${ledgerEntries}
      GROUP BY GROUPING SETS ((asset, account), (asset))`),
  );
  const balances = Object.fromEntries(trialBalanceAccounts.map((account) => [account, 0])) as Record<
    TrialBalanceAccount,
    number
  >;
  let total = 0;
  const assets = new Map<Asset, AssetTrialBalance>();
  for (const row of rows) {
    if (row.asset === defaultAsset) {
      if (row.account === null) total = exactCents(row.balance);
      // Dollars on an account that never holds them are not a line of their own: they still count
      // in the total, which then differs from the lines' sum and shows them.
      else if ((trialBalanceAccounts as readonly string[]).includes(row.account))
        balances[row.account as TrialBalanceAccount] = exactCents(row.balance);
      continue;
    }
    const asset = assets.get(row.asset) ?? { asset: row.asset, lines: [], total: 0n };
    assets.set(row.asset, asset);
    if (row.account === null) asset.total = BigInt(row.balance);
    else asset.lines.push({ account: row.account as LedgerAccount, balance: BigInt(row.balance) });
  }
  for (const asset of assets.values()) {
    asset.lines.sort((a, b) => accountOrder.indexOf(a.account) - accountOrder.indexOf(b.account));
  }
  return { balances, total, assets: [...assets.values()].sort((a, b) => assetOrder(a.asset, b.asset)) };
}
