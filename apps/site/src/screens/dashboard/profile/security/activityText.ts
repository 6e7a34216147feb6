import type { Schemas } from '@ledgerline/api-client';

export type ActivityEntry = Schemas['ActivityEntry'];
export type ActivityKind = Schemas['ActivityKind'];

/** Each kind of entry as a person reads it. */
export const activityLabels: Record<ActivityKind, string> = {
  sign_in: 'Signed in',
  sign_in_failed: 'Failed sign-in',
  password_changed: 'Password changed',
  password_reset: 'Password reset',
  two_factor_enabled: 'Two-factor turned on',
  two_factor_disabled: 'Two-factor turned off',
  recovery_code_used: 'Recovery code used',
  email_change_requested: 'Email change asked for',
  email_changed: 'Email changed',
  anti_phishing_phrase_set: 'Anti-phishing phrase set',
  anti_phishing_phrase_removed: 'Anti-phishing phrase removed',
  session_revoked: 'Session signed out',
  deposit_requested: 'Deposit requested',
  deposit_approved: 'Deposit approved',
  deposit_rejected: 'Deposit rejected',
  withdrawal_requested: 'Withdrawal requested',
  withdrawal_approved: 'Withdrawal approved',
  withdrawal_rejected: 'Withdrawal rejected',
  withdrawal_cancelled: 'Withdrawal cancelled',
  withdrawal_address_added: 'Withdrawal address saved',
  withdrawal_address_removed: 'Withdrawal address removed',
  withdrawal_address_lock_on: 'Address lock turned on',
  withdrawal_address_lock_off: 'Address lock turned off',
  activity_log_on: 'Activity log turned on',
  activity_log_off: 'Activity log turned off',
};

/**
 * Where an entry came from: "Chrome 131 · Windows 10 · 203.0.113.0/24". An entry without a browser
 * was done by an admin (a review), not from the account's own device.
 */
export function activityOrigin(entry: ActivityEntry): string {
  if (entry.browser === null) return 'By the back office';
  return [entry.browser, entry.system, entry.address].filter(Boolean).join(' · ');
}
