import { formatDecimal, quantityScale, unitScale, usdScale } from '@ledgerline/engine';
import { desc, eq } from 'drizzle-orm';
import type { Database, Tx } from '../../db/database';
import { fundReconciliations, fundStates } from '../../db/schema';
import { fundLedger } from '../ledger/fund-postings';
import { loadedState } from './engine-state';

/**
 * Reconciliation: a fund's books as the paper exchange keeps them (the engine's state: cash, each
 * coin, units in issue) against its ledger accounts (`fund_cash`, `fund_coin`, minus
 * `fund_units_outstanding`), and its holders' units against the units in issue. Every difference
 * is described; none is expected, since both come from the same step in one transaction.
 */
export async function fundDifferences(db: Database | Tx, fundId: string): Promise<string[]> {
  const [row] = await db.select().from(fundStates).where(eq(fundStates.fundId, fundId));
  const ledger = await fundLedger(db, fundId);
  const differences: string[] = [];
  const compare = (what: string, books: bigint, ledgered: bigint, scale: number) => {
    if (books !== ledgered)
      differences.push(
        `${what}: ${formatDecimal(books, scale)} in the books, ${formatDecimal(ledgered, scale)} in the ledger`,
      );
  };
  const books = row ? loadedState(row.state).fund : null;
  compare('cash', books?.cashCents ?? 0n, ledger.balances.get('fund_cash/USD') ?? 0n, usdScale);
  const coins = new Set<string>(Object.keys(books?.positions ?? {}));
  for (const key of ledger.balances.keys())
    if (key.startsWith('fund_coin/')) coins.add(key.slice('fund_coin/'.length));
  for (const coin of [...coins].sort()) {
    compare(
      coin,
      books?.positions[coin]?.quantity ?? 0n,
      ledger.balances.get(`fund_coin/${coin}`) ?? 0n,
      quantityScale,
    );
  }
  const outstanding = -(ledger.balances.get(`fund_units_outstanding/units:${fundId}`) ?? 0n);
  compare('units in issue', books?.unitsOutstanding ?? 0n, outstanding, unitScale);
  compare("holders' units", outstanding, ledger.holdersUnits, unitScale);
  return differences;
}

/** Records a reconciliation of the fund's books with its ledger: when, and each difference found. */
export async function recordReconciliation(
  db: Database | Tx,
  fundId: string,
  differences: readonly string[],
  checkedAt: Date,
): Promise<void> {
  await db.insert(fundReconciliations).values({ fundId, checkedAt, differences: [...differences] });
}

/** The fund's recorded reconciliations, newest first. */
export async function reconciliationHistory(db: Database | Tx, fundId: string, limit = 20) {
  const rows = await db
    .select()
    .from(fundReconciliations)
    .where(eq(fundReconciliations.fundId, fundId))
    .orderBy(desc(fundReconciliations.checkedAt))
    .limit(limit);
  return rows.map((row) => ({ checkedAt: row.checkedAt.toISOString(), differences: row.differences }));
}
