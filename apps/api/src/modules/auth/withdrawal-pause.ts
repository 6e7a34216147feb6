import type { components } from '@ledgerline/api-client/contract';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config/config';
import type { Tx } from '../../db/database';
import { users, withdrawals } from '../../db/schema';

/** The event that paused an account's withdrawals, and so held its pending ones. */
export type WithdrawalHoldReason = components['schemas']['WithdrawalHoldReason'];

/**
 * The end of the withdrawal pause a password reset, a change of email or two-factor turned off starts: whoever took over
 * an account that way cannot take its money out before the owner, mailed about it, can act. Null
 * when the pause is set to 0 hours.
 */
export function pausedUntil(
  config: Pick<Config, 'WITHDRAWAL_PAUSE_AFTER_RESET_HOURS'>,
  now = new Date(),
): Date | null {
  const hours = config.WITHDRAWAL_PAUSE_AFTER_RESET_HOURS;
  return hours > 0 ? new Date(now.getTime() + hours * 3_600_000) : null;
}

/** The pause's end while it lasts; null once it is over (or there was none). */
export function activePause(until: Date | null, now = new Date()): Date | null {
  return until && until > now ? until : null;
}

/**
 * Pauses the account's withdrawals after `reason`, in the caller's transaction, and answers the
 * pause's end (null when pauses are set to 0 hours). A new withdrawal is refused until then, and
 * every withdrawal still pending is held: no admin may approve it until the pause is over, since
 * whoever reset the password (changed the email, turned two-factor off) may have asked for it before
 * the owner could act. It can be rejected, or cancelled by its owner, meanwhile. A withdrawal
 * resolved before this commits is not held: the row lock of its review orders the two.
 */
export async function pauseWithdrawals(
  tx: Pick<Tx, 'update'>,
  config: Pick<Config, 'WITHDRAWAL_PAUSE_AFTER_RESET_HOURS'>,
  userId: string,
  reason: WithdrawalHoldReason,
  now = new Date(),
): Promise<Date | null> {
  const until = pausedUntil(config, now);
  await tx.update(users).set({ withdrawalsPausedUntil: until }).where(eq(users.id, userId));
  if (until) {
    await tx
      .update(withdrawals)
      .set({ heldReason: reason, heldAt: now })
      .where(and(eq(withdrawals.userId, userId), eq(withdrawals.status, 'pending')));
  }
  return until;
}

/** "2026-11-26 10:31 UTC": an instant as the server's messages write it. */
function utcMinute(instant: Date): string {
  return `${instant.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** "Withdrawals are paused until 2026-11-26 10:31 UTC, after a recent …". */
export function pausedMessage(until: Date): string {
  return `Withdrawals are paused until ${utcMinute(until)}, after a recent password reset, change of email or two-factor being turned off. This protects your money if someone else did it.`;
}

/** What happened to the account, as the reason of a hold is told to an admin. */
const holdEvents: Record<WithdrawalHoldReason, string> = {
  password_reset: "the account's password was reset",
  password_changed: "the account's password was changed",
  email_changed: "the account's email was changed",
  two_factor_disabled: 'two-factor authentication was turned off on the account',
};

/** The answer to an approval of a held withdrawal while the pause lasts: why, since when, until when. */
export function heldMessage(reason: WithdrawalHoldReason, heldAt: Date, until: Date): string {
  return `This withdrawal is held: ${holdEvents[reason]} on ${utcMinute(heldAt)}. It can be approved after the pause ends on ${utcMinute(until)}, or rejected.`;
}
