import { deferred } from '../../layout/deferred';
import { SiteLink } from '../../layout/siteNavigation';
import { AuthFrame } from './AuthFrame';
import * as styles from './AuthFrame.css';

const SignUpForm = deferred(() => import('./SignUpForm').then((module) => module.SignUpForm));

export type SignUpScreenProps = {
  /** The referral ID from `?ref=`: pre-fills the field and is shown. */
  referralId?: string;
};

/** /sign-up: the form (its code fetched when someone is there to use it), then /check-email. */
export function SignUpScreen({ referralId }: SignUpScreenProps) {
  return (
    <AuthFrame
      wide
      title="Create your account"
      brief={
        referralId ? (
          <>
            You were invited with referral ID <strong>{referralId}</strong>.
          </>
        ) : (
          'It takes a minute. You must be 18 or older to open an account.'
        )
      }
    >
      <SignUpForm referralId={referralId} />
      <p className={styles.links}>
        <span>
          Already have an account?{' '}
          <SiteLink className={styles.link} href="/sign-in">
            Sign in
          </SiteLink>
        </span>
      </p>
    </AuthFrame>
  );
}
