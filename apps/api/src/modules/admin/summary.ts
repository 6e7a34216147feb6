import type { components } from '@ledgerline/api-client/contract';
import { centsToUsdNumber } from '@ledgerline/rules/usd';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/database';
import type { Operations } from '../../http/operations';
import type { Services } from '../../services';
import type { LedgerAccount } from '../money/ledger';

type AdminSummary = components['schemas']['AdminSummary'];
type AdminMoneyQueue = components['schemas']['AdminMoneyQueue'];

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

/** A sum the database answers as bigint (a string from the drivers) as cents, refused if not exact. */
function cents(value: string | number | null | undefined): number {
  const amount = Number(value ?? 0);
  if (!Number.isSafeInteger(amount)) throw new Error(`A sum of ${String(value)} cents is not exact`);
  return amount;
}

function isoOrNull(value: Date | string | null | undefined): string | null {
  return value === null || value === undefined ? null : new Date(value).toISOString();
}

type QueueRow = {
  queue: 'deposits' | 'withdrawals' | 'kyc';
  count: string | number;
  total_cents: string | number | null;
  oldest_at: Date | string | null;
};

/** The pending requests of each kind, in one query: each count, amount total (cents) and oldest. */
async function pendingQueues(db: Database): Promise<AdminSummary['queues']> {
  const rows = rowsOf<QueueRow>(
    await db.execute(sql`
      SELECT 'deposits' AS queue, count(*) AS count, coalesce(sum(amount_cents), 0)::bigint AS total_cents,
        min(created_at) AS oldest_at
      FROM deposits WHERE status = 'pending'
      UNION ALL
      SELECT 'withdrawals', count(*), coalesce(sum(amount_cents), 0)::bigint, min(created_at)
      FROM withdrawals WHERE status = 'pending'
      UNION ALL
      SELECT 'kyc', count(*), NULL, min(created_at)
      FROM kyc_requests WHERE status = 'pending'`),
  );
  const byQueue = new Map(rows.map((row) => [row.queue, row]));
  const moneyQueue = (name: 'deposits' | 'withdrawals'): AdminMoneyQueue => {
    const row = byQueue.get(name);
    return {
      count: cents(row?.count),
      total: centsToUsdNumber(cents(row?.total_cents)),
      oldestAt: isoOrNull(row?.oldest_at),
    };
  };
  const kyc = byQueue.get('kyc');
  return {
    deposits: moneyQueue('deposits'),
    withdrawals: moneyQueue('withdrawals'),
    kyc: { count: cents(kyc?.count), oldestAt: isoOrNull(kyc?.oldest_at) },
  };
}

/**
 * The ledger as a trial balance, in one pass over its entries: each account's balance is the sum of its
 * entries (positive credits an account, negative debits it), and `total`, the sum of every entry, is 0
 * because every journal balances. It is summed by the database itself, not from the lines, so a
 * journal that did not balance would show here rather than be hidden by arithmetic.
 */
async function trialBalance(db: Database): Promise<AdminSummary['trialBalance']> {
  const sums = trialBalanceAccounts.map(
    (account) =>
      sql`coalesce(sum(amount_cents) FILTER (WHERE account = ${account}::ledger_account), 0)::bigint AS ${sql.identifier(account)}`,
  );
  const [row] = rowsOf<Record<(typeof trialBalanceAccounts)[number] | 'total', string | number>>(
    await db.execute(
      sql`SELECT ${sql.join(sums, sql`, `)}, coalesce(sum(amount_cents), 0)::bigint AS total FROM ledger_entries`,
    ),
  );
  return {
    lines: trialBalanceAccounts.map((account) => ({
      account,
      balance: centsToUsdNumber(cents(row?.[account])),
    })),
    total: centsToUsdNumber(cents(row?.total)),
  };
}

export function adminSummaryOperations({ db }: Services) {
  return {
    adminGetSummary: {
      async handler(): Promise<AdminSummary> {
        // Two reads, sent together: neither waits on the other.
        const [queues, balance] = await Promise.all([pendingQueues(db), trialBalance(db)]);
        return { queues, trialBalance: balance };
      },
    },
  } satisfies Operations;
}
