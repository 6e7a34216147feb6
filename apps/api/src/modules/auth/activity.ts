import type { components } from '@ledgerline/api-client/contract';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/database';
import { activityLog, users } from '../../db/schema';
import type { RequestOrigin } from './user-agent';

export type ActivityKind = components['schemas']['ActivityKind'];

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
  await db.execute(sql`INSERT INTO ${activityLog} (user_id, kind, user_agent, network, detail)
    SELECT ${users.id}, ${kind}, ${options.origin?.userAgent ?? null}, ${options.origin?.network ?? null},
      ${options.detail ?? null}
    FROM ${users} WHERE ${users.id} = ${userId} AND ${users.activityLogStatus}`);
}
