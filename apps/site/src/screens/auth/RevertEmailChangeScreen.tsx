import { ApiError, unwrap } from '@ledgerline/api-client';
import { Button, Spinner } from '@ledgerline/ui';
import { useEffect, useState } from 'react';
import { api } from '../../api/api';
import { SiteLink } from '../../layout/siteNavigation';
import { AuthFrame } from './AuthFrame';
import * as styles from './AuthFrame.css';

export type RevertEmailChangeScreenProps = {
  /** From the mailed link's `?token=`. */
  token?: string;
};

type Outcome = { state: 'reverting' } | { state: 'reverted'; msg: string } | { state: 'failed'; msg: string };

// The token is single-use: one request per token, however often the screen mounts (StrictMode mounts
// twice in development; a second request would fail and show a false error).
const requests = new Map<string, Promise<string>>();

function revertOnce(token: string): Promise<string> {
  let request = requests.get(token);
  if (!request) {
    request = unwrap(api.POST('/auth/email-change/revert', { body: { token } })).then(({ msg }) => msg);
    requests.set(token, request);
  }
  return request;
}

const incompleteLink = 'This link is incomplete. Open it exactly as it was sent.';

/**
 * /revert-email-change: the "this wasn't me" link mailed to the old address once a change of email
 * is confirmed. A spinner, then "Your email is changed back" with the server's msg (the old address
 * signs in again), or the server's reason the link no longer works. Undoing a change ends every
 * session and pauses withdrawals, so whoever changed the address cannot take the money out before the
 * owner resets the password. It works signed out: the link alone proves the old address.
 */
export function RevertEmailChangeScreen({ token }: RevertEmailChangeScreenProps) {
  const [outcome, setOutcome] = useState<Outcome>(() =>
    token ? { state: 'reverting' } : { state: 'failed', msg: incompleteLink },
  );

  useEffect(() => {
    if (!token) return;
    let live = true;
    revertOnce(token).then(
      (msg) => live && setOutcome({ state: 'reverted', msg }),
      (error: unknown) =>
        live && setOutcome({ state: 'failed', msg: error instanceof ApiError ? error.msg : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  if (outcome.state === 'reverting') {
    return (
      <AuthFrame title="Changing your email back">
        <div className={styles.centered}>
          <Spinner size="lg" label="Changing your email back" />
        </div>
      </AuthFrame>
    );
  }
  if (outcome.state === 'reverted') {
    return (
      <AuthFrame title="Your email is changed back" brief={outcome.msg}>
        <p className={styles.brief}>
          Withdrawals are paused for now: no one can take money out before you reset your password.
        </p>
        <Button asChild fullWidth>
          <SiteLink href="/sign-in">Sign In</SiteLink>
        </Button>
      </AuthFrame>
    );
  }
  return (
    <AuthFrame title="We could not change your email back" brief={outcome.msg}>
      <Button asChild fullWidth variant="secondary">
        <SiteLink href="/">Go Back to Homepage</SiteLink>
      </Button>
    </AuthFrame>
  );
}
