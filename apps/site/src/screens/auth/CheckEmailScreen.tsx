import { Button } from '@ledgerline/ui';
import { SiteLink } from '../../layout/siteNavigation';
import { AuthFrame } from './AuthFrame';
import * as styles from './AuthFrame.css';

/** /check-email: after sign-up, tells the person a verification link was sent. */
export function CheckEmailScreen() {
  return (
    <AuthFrame
      title="Check your email"
      brief="We have sent you a verification link. Open it to verify your email address, then sign in."
    >
      <p className={styles.brief}>
        The link works once and expires after 24 hours. If the email has not arrived within a few minutes,
        look in your spam folder.
      </p>
      <Button asChild fullWidth>
        <SiteLink href="/sign-in">Go to sign in</SiteLink>
      </Button>
    </AuthFrame>
  );
}
