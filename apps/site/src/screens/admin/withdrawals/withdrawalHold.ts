import type { Schemas } from '@ledgerline/api-client';
import { formatUtcMinute } from '../../../shared/formatDate';

type HoldReason = Schemas['WithdrawalHoldReason'];
type Held = Pick<Schemas['AdminWithdrawal'], 'heldBecause' | 'heldAt' | 'heldUntil'>;

/** The event that held a withdrawal, in a few words. */
export const holdReasonLabels: Record<HoldReason, string> = {
  password_reset: 'password reset',
  password_changed: 'password change',
  email_changed: 'email change',
  two_factor_disabled: 'two-factor turned off',
};

/** What happened to the account, as the review tells it. */
export const holdEvents: Record<HoldReason, string> = {
  password_reset: "The account's password was reset",
  password_changed: "The account's password was changed",
  email_changed: "The account's email was changed",
  two_factor_disabled: 'Two-factor was turned off on the account',
};

/**
 * The queue's flag on a withdrawal that was pending when its account's withdrawals were paused:
 * "Held: password reset 2026-11-27 10:31 UTC" while the pause lasts, "Was held: …" once it is over;
 * null for one never held.
 */
export function holdFlag(row: Held): string | null {
  if (!row.heldBecause || !row.heldAt) return null;
  const event = `${holdReasonLabels[row.heldBecause]} ${formatUtcMinute(row.heldAt)}`;
  return row.heldUntil ? `Held: ${event}` : `Was held: ${event}`;
}

/**
 * Why no admin may approve it yet, while the pause lasts: when the pause ends, and what can be done
 * meanwhile. Null when approving is open.
 */
export function approvalWaitsFor(row: Held): string | null {
  if (!row.heldUntil) return null;
  return `Held until the account's withdrawal pause ends on ${formatUtcMinute(row.heldUntil)}: it can be approved then, or rejected now.`;
}
