import type { components, operations } from '@ledgerline/api-client/contract';
import { transactionCsv } from '@ledgerline/api-client/transaction-csv';
import { centsToUsdNumber } from '@ledgerline/rules/usd';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/database';
import type { Operations } from '../../http/operations';
import { type Cursor, decodeCursor, toPage } from '../../http/pagination';
import type { Services } from '../../services';
import { signedInAccount } from '../auth/sessions';
import { journalHistoryRows } from '../ledger/history';

type Transaction = components['schemas']['Transaction'];
type TransactionPage = components['schemas']['TransactionPage'];
type HistoryQuery = NonNullable<operations['listTransactions']['parameters']['query']>;
type Filters = Pick<HistoryQuery, 'trxType' | 'status' | 'type'>;

/** One row of the union below, as the database answers it. */
type HistoryRow = {
  id: string;
  trx_type: Transaction['trxType'];
  amount_cents: string | number;
  direction: Transaction['direction'];
  created_at: string | Date;
  resolved_at: string | Date | null;
  status: Transaction['status'];
  ref: string;
  payment_to: string | null;
  address: string | null;
  network: Transaction['network'] | null;
  type: Transaction['type'] | null;
  reason: string | null;
  memo: string | null;
};

const asDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

function toTransaction(row: HistoryRow): Transaction {
  const base: Transaction = {
    _id: row.id,
    amount: centsToUsdNumber(Number(row.amount_cents)),
    direction: row.direction,
    createdAt: asDate(row.created_at).toISOString(),
    resolvedAt: row.resolved_at === null ? null : asDate(row.resolved_at).toISOString(),
    trxType: row.trx_type,
    status: row.status,
    ref: row.ref,
  };
  if (row.trx_type === 'deposit')
    return { ...base, paymentTo: row.payment_to ?? '', type: row.type ?? undefined, reason: row.reason };
  if (row.trx_type === 'withdrawal') {
    return {
      ...base,
      address: row.address ?? '',
      network: row.network ?? undefined,
      type: row.type ?? undefined,
      reason: row.reason,
    };
  }
  return { ...base, memo: row.memo };
}

/**
 * The user's history rows, newest first: deposits and withdrawals from their requests, and profit,
 * bonus (referral bonuses included) and adjustment rows from the ledger (their entry on the user's
 * available account). Each source is read with its own index, ordered and limited before the union,
 * so the first page costs the same at 1,000 rows as at 100,000 (keyset pagination, no OFFSET).
 */
export async function historyRows(
  db: Database,
  userId: string,
  filters: Filters,
  cursor: Cursor | null,
  limit: number | null,
): Promise<HistoryRow[]> {
  const after = (createdAt: SQL, id: SQL) =>
    cursor
      ? sql`AND (${createdAt}, ${id}) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`
      : sql``;
  const statusIs = (column: SQL) => (filters.status ? sql`AND ${column} = ${filters.status}` : sql``);
  const typeIs = (column: SQL) => (filters.type ? sql`AND ${column} = ${filters.type}` : sql``);
  const limited = limit === null ? sql`` : sql`LIMIT ${limit}`;
  const wants = (trxType: Transaction['trxType']) => !filters.trxType || filters.trxType === trxType;

  const parts: SQL[] = [];
  if (wants('deposit')) {
    parts.push(sql`(SELECT d.id, 'deposit' AS trx_type, d.amount_cents, 'credit' AS direction, d.created_at,
        d.resolved_at, d.status::text AS status, d.ref, d.payment_to, NULL::text AS address,
        NULL::text AS network, d.type::text AS type, d.reason, NULL::text AS memo
      FROM deposits d
      WHERE d.user_id = ${userId} ${statusIs(sql`d.status`)} ${typeIs(sql`d.type`)}
        ${after(sql`d.created_at`, sql`d.id`)}
      ORDER BY d.created_at DESC, d.id DESC ${limited})`);
  }
  if (wants('withdrawal')) {
    parts.push(sql`(SELECT w.id, 'withdrawal' AS trx_type, w.amount_cents, 'debit' AS direction, w.created_at,
        w.resolved_at, w.status::text AS status, w.ref, NULL::text AS payment_to, w.address,
        w.network::text AS network, w.type::text AS type, w.reason, NULL::text AS memo
      FROM withdrawals w
      WHERE w.user_id = ${userId} ${statusIs(sql`w.status`)} ${typeIs(sql`w.type`)}
        ${after(sql`w.created_at`, sql`w.id`)}
      ORDER BY w.created_at DESC, w.id DESC ${limited})`);
  }
  const journalKinds = (['profit', 'bonus', 'adjustment'] as const).filter(wants);
  // Ledger rows are always approved and have no coin: a status other than approved or a coin
  // filter leaves them out.
  if (journalKinds.length > 0 && (!filters.status || filters.status === 'approved') && !filters.type) {
    const kinds = journalKinds.flatMap((kind) =>
      kind === 'bonus' ? (['bonus', 'referral_bonus'] as const) : [kind],
    );
    parts.push(journalHistoryRows(userId, kinds, after, limited));
  }
  if (parts.length === 0) return [];
  const result = await db.execute(
    sql`SELECT * FROM (${sql.join(parts, sql` UNION ALL `)}) AS history ORDER BY created_at DESC, id DESC ${limited}`,
  );
  return rowsOf<HistoryRow>(result);
}

export function historyOperations({ db }: Services) {
  return {
    listTransactions: {
      async handler(request, reply): Promise<TransactionPage | string> {
        const { userId } = signedInAccount(request);
        const query = request.query;
        const filters = { trxType: query.trxType, status: query.status, type: query.type };
        if (query.format === 'csv') {
          const rows = await historyRows(db, userId, filters, null, null);
          reply
            .type('text/csv; charset=utf-8')
            .header('content-disposition', 'attachment; filename="transaction-history.csv"')
            .header('cache-control', 'private, no-store');
          return transactionCsv(rows.map(toTransaction));
        }
        const limit = query.limit ?? 20;
        const rows = await historyRows(db, userId, filters, decodeCursor(query.cursor), limit + 1);
        return toPage(
          rows.map((row) => ({ ...row, createdAt: asDate(row.created_at) })),
          limit,
          toTransaction,
        );
      },
    },
  } satisfies Operations;
}
