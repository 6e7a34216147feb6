import type { components } from '@ledgerline/api-client/contract';
import { eq } from 'drizzle-orm';
import type { Database, Tx } from '../../db/database';
import { tradingSwitches, users } from '../../db/schema';

type TradingSwitch = components['schemas']['TradingSwitch'];

/*
 * The global kill switch. It lives in the database, so every instance's steps read the same switch
 * and a restart keeps it; with no row, trading is on.
 */

/** Whether the global kill switch is on: no fund places any order while it is. */
export async function tradingPaused(db: Database | Tx): Promise<boolean> {
  const [row] = await db
    .select({ paused: tradingSwitches.paused })
    .from(tradingSwitches)
    .where(eq(tradingSwitches.name, 'trading'));
  return row?.paused ?? false;
}

/** The switch as the contract shows it, with the name of the admin who last moved it. */
export async function tradingSwitchView(db: Database | Tx): Promise<TradingSwitch> {
  const [row] = await db
    .select({
      paused: tradingSwitches.paused,
      reason: tradingSwitches.reason,
      changedAt: tradingSwitches.changedAt,
      changedBy: users.fullname,
    })
    .from(tradingSwitches)
    .leftJoin(users, eq(users.id, tradingSwitches.changedBy))
    .where(eq(tradingSwitches.name, 'trading'));
  if (!row) return { paused: false, reason: null, changedAt: null, changedBy: null };
  return {
    paused: row.paused,
    reason: row.paused ? row.reason : null,
    changedAt: row.changedAt.toISOString(),
    changedBy: row.changedBy,
  };
}

/** Turns the switch on or off, in the caller's transaction (the one that audits it). */
export async function setTradingPaused(
  tx: Tx,
  change: { paused: boolean; reason: string | null; adminId: string },
): Promise<void> {
  const values = {
    paused: change.paused,
    reason: change.reason,
    changedBy: change.adminId,
    changedAt: new Date(),
  };
  await tx
    .insert(tradingSwitches)
    .values({ name: 'trading', ...values })
    .onConflictDoUpdate({ target: tradingSwitches.name, set: values });
}
