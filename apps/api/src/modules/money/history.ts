import type { components, operations } from '@ledgerline/api-client/contract';
import { transactionCsv } from '@ledgerline/api-client/transaction-csv';
import { formatDecimal, priceScale, unitScale } from '@ledgerline/engine';
import { centsToUsdNumber } from '@ledgerline/rules/usd';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, prepareNamed, rowsOf } from '../../db/database';
import type { Operations } from '../../http/operations';
import { type Cursor, decodeCursor, toPage } from '../../http/pagination';
import type { Services } from '../../services';
import { signedInAccount } from '../auth/sessions';
import { journalHistoryRows, unitsHeldSql } from '../ledger/history';

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
  fund_id: string | null;
  fund_name: string | null;
  /** Scale 6; bigint as the drivers answer it. */
  units: string | number | null;
  /** Scale 8. */
  nav_per_unit8: string | number | null;
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
  if (row.trx_type === 'investment' || row.trx_type === 'redemption') {
    return {
      ...base,
      fundId: row.fund_id ?? '',
      fundName: row.fund_name ?? '',
      units: row.units === null ? null : formatDecimal(BigInt(row.units), unitScale),
      navPerUnit: row.nav_per_unit8 === null ? null : formatDecimal(BigInt(row.nav_per_unit8), priceScale),
      reason: row.reason,
    };
  }
  return { ...base, memo: row.memo };
}

/** The sources of the history a filter keeps: each is a part of the union below. */
function historySources(filters: Filters) {
  const wants = (trxType: Transaction['trxType']) => !filters.trxType || filters.trxType === trxType;
  const journalKinds = (['profit', 'bonus', 'adjustment'] as const).filter(wants);
  const fundKinds = (['investment', 'redemption'] as const).filter(wants);
  return {
    // A deposit is never cancelled: only a withdrawal's owner cancels one.
    deposits: wants('deposit') && filters.status !== 'cancelled',
    withdrawals: wants('withdrawal'),
    // Ledger rows are always approved and have no coin: a status other than approved or a coin
    // filter leaves them out.
    journalKinds:
      (!filters.status || filters.status === 'approved') && !filters.type
        ? journalKinds.flatMap((kind) => (kind === 'bonus' ? (['bonus', 'referral_bonus'] as const) : [kind]))
        : [],
    // Requests to funds have no coin: a coin filter leaves them out.
    fundKinds: filters.type ? [] : fundKinds,
  };
}

/** What decides a history statement's text beside its sources: its filters, cursor and limit, used or not. */
type HistoryShape = { byStatus: boolean; byCoin: boolean; afterCursor: boolean; limited: boolean };

/** The values a history statement is run with; its placeholders are named after them. */
const historyValueNames = ['userId', 'status', 'type', 'cursorCreatedAt', 'cursorId', 'limit'] as const;
type HistoryValues = Record<(typeof historyValueNames)[number], SQL>;

/**
 * Each shape of the history's statement (which sources, which filters, a cursor or not, a page or
 * every row), built and prepared once per database handle: a history page is one of the most asked
 * reads, and the union is long to build and to plan.
 */
const historyStatements = new WeakMap<
  Database,
  Map<string, (values: Record<string, unknown>) => Promise<unknown>>
>();

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
  const sources = historySources(filters);
  if (
    !sources.deposits &&
    !sources.withdrawals &&
    sources.journalKinds.length === 0 &&
    sources.fundKinds.length === 0
  ) {
    return [];
  }
  const shape: HistoryShape = {
    byStatus: filters.status !== undefined,
    byCoin: filters.type !== undefined,
    afterCursor: cursor !== null,
    limited: limit !== null,
  };
  const name = `history_${filters.trxType ?? 'all'}_${filters.status ?? 'any'}_${filters.type ? 'coin' : 'any'}_${
    cursor ? 'next' : 'first'
  }_${limit === null ? 'all' : 'page'}`;
  let statements = historyStatements.get(db);
  if (!statements) {
    statements = new Map();
    historyStatements.set(db, statements);
  }
  let run = statements.get(name);
  if (!run) {
    run = prepareNamed(db, name, historyValueNames, (values) => historyStatement(values, sources, shape));
    statements.set(name, run);
  }
  const result = await run({
    userId,
    status: filters.status ?? null,
    type: filters.type ?? null,
    cursorCreatedAt: cursor ? cursor.createdAt.toISOString() : null,
    cursorId: cursor?.id ?? null,
    limit,
  });
  return rowsOf<HistoryRow>(result);
}

/** The history's statement for one shape, its values as placeholders. */
function historyStatement(
  values: HistoryValues,
  sources: ReturnType<typeof historySources>,
  shape: HistoryShape,
): SQL {
  const { userId } = values;
  const after = (createdAt: SQL, id: SQL) =>
    shape.afterCursor
      ? sql`AND (${createdAt}, ${id}) < (${values.cursorCreatedAt}::timestamptz, ${values.cursorId}::uuid)`
      : sql``;
  const statusIs = (column: SQL) => (shape.byStatus ? sql`AND ${column} = ${values.status}` : sql``);
  const typeIs = (column: SQL) => (shape.byCoin ? sql`AND ${column} = ${values.type}` : sql``);
  const limited = shape.limited ? sql`LIMIT ${values.limit}` : sql``;

  const parts: SQL[] = [];
  if (sources.deposits) {
    parts.push(sql`(SELECT d.id, 'deposit' AS trx_type, d.amount_cents, 'credit' AS direction, d.created_at,
        d.resolved_at, d.status::text AS status, d.ref, d.payment_to, NULL::text AS address,
        NULL::text AS network, d.type::text AS type, d.reason, NULL::text AS memo
        , NULL::uuid AS fund_id, NULL::text AS fund_name, NULL::bigint AS units, NULL::bigint AS nav_per_unit8
      FROM deposits d
      WHERE d.user_id = ${userId} ${statusIs(sql`d.status`)} ${typeIs(sql`d.type`)}
        ${after(sql`d.created_at`, sql`d.id`)}
      ORDER BY d.created_at DESC, d.id DESC ${limited})`);
  }
  if (sources.withdrawals) {
    parts.push(sql`(SELECT w.id, 'withdrawal' AS trx_type, w.amount_cents, 'debit' AS direction, w.created_at,
        w.resolved_at, w.status::text AS status, w.ref, NULL::text AS payment_to, w.address,
        w.network::text AS network, w.type::text AS type, w.reason, NULL::text AS memo
        , NULL::uuid AS fund_id, NULL::text AS fund_name, NULL::bigint AS units, NULL::bigint AS nav_per_unit8
      FROM withdrawals w
      WHERE w.user_id = ${userId} ${statusIs(sql`w.status`)} ${typeIs(sql`w.type`)}
        ${after(sql`w.created_at`, sql`w.id`)}
      ORDER BY w.created_at DESC, w.id DESC ${limited})`);
  }
  if (sources.journalKinds.length > 0)
    parts.push(journalHistoryRows(userId, sources.journalKinds, after, limited));
  if (sources.fundKinds.length > 0)
    parts.push(
      fundRequestRows(userId, sources.fundKinds, shape.byStatus ? values.status : null, after, limited),
    );
  return sql`SELECT * FROM (${sql.join(parts, sql` UNION ALL `)}) AS history ORDER BY created_at DESC, id DESC ${limited}`;
}

/** A fund request's status as the history's: priced is approved, a valuation's refusal rejected. */
const fundRequestStatus = sql`CASE r.status WHEN 'priced' THEN 'approved' WHEN 'cancelled' THEN 'rejected'
  ELSE 'pending' END`;

/**
 * The user's investments in and redemptions from funds, from their requests, in the columns of the
 * history's union. An investment is a debit of its amount; a redemption a credit of what it paid once
 * priced. Until then a redemption asked by units (or all units) is shown at what those units are worth
 * at the fund's last NAV per unit, rounded down, since what it pays is known only at the next valuation.
 * Units are those issued or redeemed once priced, those asked back while a redemption waits.
 */
function fundRequestRows(
  userId: SQL,
  kinds: ReadonlyArray<'investment' | 'redemption'>,
  status: SQL | null,
  after: (createdAt: SQL, id: SQL) => SQL,
  limited: SQL,
): SQL {
  const askedUnits = sql`CASE WHEN r.all THEN ${unitsHeldSql(sql`r.user_id`, sql`r.fund_id`)} ELSE r.units END`;
  const lastNavPerUnit = sql`(SELECT v.nav_per_unit8 FROM fund_valuations v WHERE v.fund_id = r.fund_id
    ORDER BY v.time DESC LIMIT 1)`;
  return sql`(SELECT r.id, r.kind::text AS trx_type,
        CASE
          WHEN r.status = 'priced' THEN r.priced_amount_cents
          WHEN r.amount_cents IS NOT NULL THEN r.amount_cents
          ELSE coalesce(floor(${askedUnits}::numeric * ${lastNavPerUnit} / 1000000000000), 0)::bigint
        END AS amount_cents,
        CASE r.kind WHEN 'investment' THEN 'debit' ELSE 'credit' END AS direction, r.created_at,
        r.priced_at AS resolved_at, ${fundRequestStatus} AS status,
        CASE r.kind WHEN 'investment' THEN 'INV-' ELSE 'RED-' END || upper(left(r.id::text, 8)) AS ref,
        NULL::text AS payment_to, NULL::text AS address, NULL::text AS network, NULL::text AS type,
        r.reason, NULL::text AS memo, r.fund_id, f.name AS fund_name,
        CASE
          WHEN r.status = 'priced' THEN r.priced_units
          WHEN r.kind = 'redemption' AND r.status = 'pending' THEN ${askedUnits}
          ELSE r.units
        END AS units,
        CASE WHEN r.status = 'priced' THEN r.nav_per_unit8 END AS nav_per_unit8
      FROM fund_requests r
      JOIN funds f ON f.id = r.fund_id
      WHERE r.user_id = ${userId}
        AND r.kind::text IN (${sql.join(
          kinds.map((kind) => sql`${kind}`),
          sql`, `,
        )})
        ${status ? sql`AND ${fundRequestStatus} = ${status}` : sql``}
        ${after(sql`r.created_at`, sql`r.id`)}
      ORDER BY r.created_at DESC, r.id DESC ${limited})`;
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
