import { ApiError, unwrap } from '@ledgerline/api-client';
import { Button, Spinner } from '@ledgerline/ui';
import { useEffect, useState } from 'react';
import { api } from '../../api/api';
import { SiteLink } from '../../layout/siteNavigation';
import { AuthFrame } from './AuthFrame';
import * as styles from './AuthFrame.css';

export type VerifyEmailScreenProps = {
  /** From the mailed link's `?email=`. */
  email?: string;
  /** From the mailed link's `?verificationToken=`. */
  verificationToken?: string;
};

type Outcome = { state: 'verifying' } | { state: 'verified' } | { state: 'failed'; msg: string };

// The token is single-use: one request per token, however often the screen mounts (StrictMode mounts
// twice in development; a second request would fail and show a false error).
const requests = new Map<string, Promise<void>>();

function verifyOnce(email: string, verificationToken: string): Promise<void> {
  const key = `${email}\n${verificationToken}`;
  let request = requests.get(key);
  if (!request) {
    request = unwrap(api.POST('/auth/verify-email', { body: { email, verificationToken } })).then(
      () => undefined,
    );
    requests.set(key, request);
  }
  return request;
}

const incompleteLink = 'This verification link is incomplete. Open it exactly as it was sent.';

/** /verify-email: spinner, then "Email Verified. Congratulations!" or the server's msg. */
export function VerifyEmailScreen({ email, verificationToken }: VerifyEmailScreenProps) {
  const [outcome, setOutcome] = useState<Outcome>(() =>
    email && verificationToken ? { state: 'verifying' } : { state: 'failed', msg: incompleteLink },
  );

  useEffect(() => {
    if (!email || !verificationToken) return;
    let live = true;
    verifyOnce(email, verificationToken).then(
      () => live && setOutcome({ state: 'verified' }),
      (error: unknown) =>
        live && setOutcome({ state: 'failed', msg: error instanceof ApiError ? error.msg : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [email, verificationToken]);

  if (outcome.state === 'verifying') {
    return (
      <AuthFrame title="Verifying your email">
        <div className={styles.centered}>
          <Spinner size="lg" label="Verifying your email" />
        </div>
      </AuthFrame>
    );
  }
  if (outcome.state === 'verified') {
    return (
      <AuthFrame title="Email Verified. Congratulations!" brief="Your account is ready. Sign in to start.">
        <Button asChild fullWidth>
          <SiteLink href="/sign-in">Sign In</SiteLink>
        </Button>
      </AuthFrame>
    );
  }
  return (
    <AuthFrame title="We could not verify your email" brief={outcome.msg}>
      <Button asChild fullWidth variant="secondary">
        <SiteLink href="/">Go Back to Homepage</SiteLink>
      </Button>
    </AuthFrame>
  );
}
