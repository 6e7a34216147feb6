import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../../shared/formatDate';
import { securityQuery } from '../../../shared/securityQuery';
import * as styles from './WithdrawalPauseNotice.css';

/**
 * "Withdrawals are paused until …" in the person's own time, with why: after a password reset, a
 * change of email or two-factor turned off, the server refuses withdrawals for a while. It answers
 * the end only while the pause lasts, so any end it gives is shown; nothing shows while loading or
 * if the settings cannot be read (the server still says so when a withdrawal is asked for).
 */
export function WithdrawalPauseNotice() {
  const security = useQuery(securityQuery);
  const until = security.data?.withdrawalsPausedUntil;
  if (!until) return null;
  return (
    <div role="status" className={styles.notice}>
      <p className={styles.title}>
        Withdrawals are paused until <time dateTime={until}>{formatDateTime(until)}</time>
      </p>
      <p>
        Your password was reset, your email was changed or two-factor authentication was turned off recently.
        Withdrawals pause after such a change, so that if someone else made it, your money stays here while
        you secure your account.
      </p>
    </div>
  );
}
