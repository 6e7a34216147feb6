import { deferred } from '../../layout/deferred';
import { SiteLink } from '../../layout/siteNavigation';
import { AuthFrame } from './AuthFrame';
import * as styles from './AuthFrame.css';

const ForgotPasswordForm = deferred(() =>
  import('./ForgotPasswordForm').then((module) => module.ForgotPasswordForm),
);

/** /forgot-password: the form (its code fetched when someone is there to use it) and the way back. */
export function ForgotPasswordScreen() {
  return (
    <AuthFrame
      title="Forgot your password?"
      brief="Enter the email you signed up with and we will send you a link to choose a new password."
    >
      <ForgotPasswordForm />
      <p className={styles.links}>
        <SiteLink className={styles.link} href="/sign-in">
          Back to sign in
        </SiteLink>
      </p>
    </AuthFrame>
  );
}
