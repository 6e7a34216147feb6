import { type SQL, sql } from 'drizzle-orm';
import { ledgerEntries, ledgerJournals } from '../../db/schema';
import type { JournalKind } from './postings';

/**
 * A user's journals of `kinds` as rows of their transaction history, newest first: each journal with
 * its entry on the user's available account (its amount unsigned, its sign as the direction), in the
 * columns of the history's union. `after` is the keyset condition on (created_at, id) and `limited`
 * the LIMIT clause, both made by the history. Read through the journals' own index, ordered and
 * limited before the union, so a first page costs the same at 1,000 rows as at 100,000.
 */
export function journalHistoryRows(
  userId: string | SQL,
  kinds: JournalKind[],
  after: (createdAt: SQL, id: SQL) => SQL,
  limited: SQL,
): SQL {
  return sql`(SELECT j.id, CASE j.kind WHEN 'referral_bonus' THEN 'bonus' ELSE j.kind::text END AS trx_type,
        abs(e.amount_cents) AS amount_cents,
        CASE WHEN e.amount_cents < 0 THEN 'debit' ELSE 'credit' END AS direction, j.created_at,
        j.created_at AS resolved_at, 'approved' AS status, j.ref, NULL::text AS payment_to,
        NULL::text AS address, NULL::text AS network, NULL::text AS type, NULL::text AS reason, j.memo,
        NULL::uuid AS fund_id, NULL::text AS fund_name, NULL::bigint AS units, NULL::bigint AS nav_per_unit8
      FROM ${ledgerJournals} j
      -- Per journal, through its own index: a join could make the planner read every entry of the user.
      CROSS JOIN LATERAL (SELECT entry.amount_cents FROM ${ledgerEntries} entry
        WHERE entry.journal_id = j.id AND entry.account = 'available' AND entry.user_id = ${userId}
        LIMIT 1) e
      WHERE j.user_id = ${userId}
        AND j.kind::text IN (${sql.join(
          kinds.map((kind) => sql`${kind}`),
          sql`, `,
        )})
        ${after(sql`j.created_at`, sql`j.id`)}
      ORDER BY j.created_at DESC, j.id DESC ${limited})`;
}

/**
 * The units of the fund `fundId` names that the user `userId` names holds now (scale 6), as a scalar
 * subquery: the sum of their `fund_units` entries.
 */
export function unitsHeldSql(userId: SQL, fundId: SQL): SQL {
  return sql`(SELECT coalesce(sum(u.amount_cents), 0)::bigint FROM ${ledgerEntries} u
    WHERE u.user_id = ${userId} AND u.account = 'fund_units' AND u.fund_id = ${fundId})`;
}
