import type { Config } from '../../config/config';

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

/** "Withdrawals are paused until 2026-11-26 10:31 UTC, after a recent …". */
export function pausedMessage(until: Date): string {
  const when = `${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return `Withdrawals are paused until ${when}, after a recent password reset, change of email or two-factor being turned off. This protects your money if someone else did it.`;
}
