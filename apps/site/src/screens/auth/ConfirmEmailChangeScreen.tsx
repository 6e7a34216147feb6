import { ApiError, unwrap } from '@ledgerline/api-client';
import { Button, Spinner } from '@ledgerline/ui';
import { useEffect, useState } from 'react';
import { api } from '../../api/api';
import { SiteLink } from '../../layout/siteNavigation';
import { AuthFrame } from './AuthFrame';
import * as styles from './AuthFrame.css';

export type ConfirmEmailChangeScreenProps = {
  /** From the mailed link's `?token=`. */
  token?: string;
};

type Outcome =
  | { state: 'confirming' }
  | { state: 'confirmed'; msg: string }
  | { state: 'failed'; msg: string };

// The token is single-use: one request per token, however often the screen mounts (StrictMode mounts
// twice in development; a second request would fail and show a false error).
const requests = new Map<string, Promise<string>>();

function confirmOnce(token: string): Promise<string> {
  let request = requests.get(token);
  if (!request) {
    request = unwrap(api.POST('/auth/email-change/confirm', { body: { token } })).then(({ msg }) => msg);
    requests.set(token, request);
  }
  return request;
}

const incompleteLink = 'This link is incomplete. Open it exactly as it was sent.';

/**
 * /confirm-email-change: the link mailed to a new address. A spinner, then "Your email is changed"
 * with the server's msg (the new address), or the server's reason the link no longer works. It works
 * signed in or not: the link alone proves the address.
 */
export function ConfirmEmailChangeScreen({ token }: ConfirmEmailChangeScreenProps) {
  const [outcome, setOutcome] = useState<Outcome>(() =>
    token ? { state: 'confirming' } : { state: 'failed', msg: incompleteLink },
  );

  useEffect(() => {
    if (!token) return;
    let live = true;
    confirmOnce(token).then(
      (msg) => live && setOutcome({ state: 'confirmed', msg }),
      (error: unknown) =>
        live && setOutcome({ state: 'failed', msg: error instanceof ApiError ? error.msg : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  if (outcome.state === 'confirming') {
    return (
      <AuthFrame title="Confirming your new email">
        <div className={styles.centered}>
          <Spinner size="lg" label="Confirming your new email" />
        </div>
      </AuthFrame>
    );
  }
  if (outcome.state === 'confirmed') {
    return (
      <AuthFrame title="Your email is changed" brief={outcome.msg}>
        <Button asChild fullWidth>
          <SiteLink href="/sign-in">Sign In</SiteLink>
        </Button>
      </AuthFrame>
    );
  }
  return (
    <AuthFrame title="We could not change your email" brief={outcome.msg}>
      <Button asChild fullWidth variant="secondary">
        <SiteLink href="/">Go Back to Homepage</SiteLink>
      </Button>
    </AuthFrame>
  );
}
