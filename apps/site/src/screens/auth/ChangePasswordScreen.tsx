import { Button } from '@ledgerline/ui';
import { deferred } from '../../layout/deferred';
import { SiteLink } from '../../layout/siteNavigation';
import { AuthFrame } from './AuthFrame';
import * as styles from './AuthFrame.css';

const ChangePasswordForm = deferred(() =>
  import('./ChangePasswordForm').then((module) => module.ChangePasswordForm),
);

export type ChangePasswordScreenProps = {
  /** From the mailed link's `?email=`. */
  email?: string;
  /** From the mailed link's `?token=`. */
  token?: string;
};

/**
 * /change-password: the form (its code fetched when someone is there to use it), which sets a new
 * password with the mailed link and goes to /sign-in; or, with the link incomplete, a way to a new one.
 */
export function ChangePasswordScreen({ email, token }: ChangePasswordScreenProps) {
  if (!email || !token) {
    return (
      <AuthFrame
        title="This reset link is incomplete"
        brief="Open the link from the email exactly as it was sent, or ask for a new one."
      >
        <Button asChild fullWidth>
          <SiteLink href="/forgot-password">Ask for a new link</SiteLink>
        </Button>
      </AuthFrame>
    );
  }

  return (
    <AuthFrame
      title="Choose a new password"
      brief={`For ${email}. Signing in elsewhere will end once it is changed.`}
    >
      <ChangePasswordForm email={email} token={token} />
      <p className={styles.links}>
        <SiteLink className={styles.link} href="/sign-in">
          Back to sign in
        </SiteLink>
      </p>
    </AuthFrame>
  );
}
