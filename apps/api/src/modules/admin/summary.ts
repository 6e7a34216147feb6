import type { components } from '@ledgerline/api-client/contract';
import { formatDecimal, quantityScale, unitScale } from '@ledgerline/engine';
import { centsToUsdNumber } from '@ledgerline/rules/usd';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/database';
import { funds } from '../../db/schema';
import type { Operations } from '../../http/operations';
import type { Services } from '../../services';
import { exactCents as cents, trialBalanceAccounts, trialBalanceCents } from '../ledger/trial-balance';

type AdminSummary = components['schemas']['AdminSummary'];
type AdminMoneyQueue = components['schemas']['AdminMoneyQueue'];

function isoOrNull(value: Date | string | null | undefined): string | null {
  return value === null || value === undefined ? null : new Date(value).toISOString();
}

type QueueRow = {
  queue: 'deposits' | 'withdrawals' | 'kyc' | 'approvals';
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
      FROM kyc_requests WHERE status = 'pending'
      UNION ALL
      SELECT 'approvals', count(*), NULL, min(created_at)
      FROM approvals WHERE status = 'pending'`),
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
  const countQueue = (name: 'kyc' | 'approvals') => {
    const row = byQueue.get(name);
    return { count: cents(row?.count), oldestAt: isoOrNull(row?.oldest_at) };
  };
  return {
    deposits: moneyQueue('deposits'),
    withdrawals: moneyQueue('withdrawals'),
    kyc: countQueue('kyc'),
    approvals: countQueue('approvals'),
  };
}

/**
 * The ledger's trial balance, as the back office shows it: dollars in USD, every other asset in its
 * own scale (coins to 10⁻⁸, funds' units to 10⁻⁶), a fund's units named by their fund.
 */
async function trialBalance(db: Database): Promise<AdminSummary['trialBalance']> {
  const [{ balances, total, assets }, fundRows] = await Promise.all([
    trialBalanceCents(db),
    db.select({ id: funds.id, name: funds.name }).from(funds),
  ]);
  const fundNames = new Map(fundRows.map((fund) => [fund.id, fund.name]));
  return {
    lines: trialBalanceAccounts.map((account) => ({ account, balance: centsToUsdNumber(balances[account]) })),
    total: centsToUsdNumber(total),
    assets: assets.map(({ asset, lines, total: assetTotal }) => {
      const fundId = asset.startsWith('units:') ? asset.slice('units:'.length) : null;
      const scale = fundId === null ? quantityScale : unitScale;
      return {
        asset,
        fundName: fundId === null ? null : (fundNames.get(fundId) ?? null),
        lines: lines.map((line) => ({ account: line.account, balance: formatDecimal(line.balance, scale) })),
        total: formatDecimal(assetTotal, scale),
      };
    }),
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
