import { deferred } from '../../layout/deferred';
import { SiteLink } from '../../layout/siteNavigation';
import { AuthFrame } from './AuthFrame';
import * as styles from './AuthFrame.css';

const SignInForm = deferred(() => import('./SignInForm').then((module) => module.SignInForm));

/** /sign-in: the form (its code fetched when someone is there to use it) and the other ways on. */
export function SignInScreen() {
  return (
    <AuthFrame title="Sign in" brief="Welcome back. Sign in to see your balance and requests.">
      <SignInForm />
      <p className={styles.links}>
        <SiteLink className={styles.link} href="/forgot-password">
          Forgot password?
        </SiteLink>
        <span>
          New here?{' '}
          <SiteLink className={styles.link} href="/sign-up">
            Create an account
          </SiteLink>
        </span>
      </p>
    </AuthFrame>
  );
}
