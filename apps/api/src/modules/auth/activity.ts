import type { components } from '@ledgerline/api-client/contract';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/database';
import { activityLog, users } from '../../db/schema';
import type { RequestOrigin } from './user-agent';

export type ActivityKind = components['schemas']['ActivityKind'];

/** One thing a user did (or that was done to their account), as the activity log records it. */
export type ActivityRecord = {
  userId: string;
  kind: ActivityKind;
  /** The browser and network it came from; none for what was done to the account (an admin's review). */
  origin?: RequestOrigin;
  detail?: string | null;
};

/**
 * Records what a user did, only while their "Save my Activity Logs" switch is on: one INSERT … SELECT
 * that reads the switch in the same statement, so nothing is written once it is off. `origin` is the
 * browser and network it came from, none for what was done to the account (an admin's review).
 */
export async function recordActivity(
  db: Pick<Database | Tx, 'execute'>,
  userId: string,
  kind: ActivityKind,
  options: { origin?: RequestOrigin; detail?: string | null } = {},
): Promise<void> {
  await recordActivities(db, [{ userId, kind, ...options }]);
}

/** Records several users' activities in one statement, each under the same rule as `recordActivity`. */
export async function recordActivities(
  db: Pick<Database | Tx, 'execute'>,
  records: ActivityRecord[],
): Promise<void> {
  if (records.length === 0) return;
  const rows = records.map((record) => ({
    user_id: record.userId,
    kind: record.kind,
    user_agent: record.origin?.userAgent ?? null,
    network: record.origin?.network ?? null,
    detail: record.detail ?? null,
  }));
  await db.execute(sql`INSERT INTO ${activityLog} (user_id, kind, user_agent, network, detail)
    SELECT ${users.id}, record.kind, record.user_agent, record.network, record.detail
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      AS record (user_id uuid, kind text, user_agent text, network text, detail text)
    JOIN ${users} ON ${users.id} = record.user_id
    WHERE ${users.activityLogStatus}`);
}
