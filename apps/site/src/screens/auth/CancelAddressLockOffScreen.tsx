import { ApiError, unwrap } from '@ledgerline/api-client';
import { Button, Spinner } from '@ledgerline/ui';
import { useEffect, useState } from 'react';
import { api } from '../../api/api';
import { SiteLink } from '../../layout/siteNavigation';
import { AuthFrame } from './AuthFrame';
import * as styles from './AuthFrame.css';

export type CancelAddressLockOffScreenProps = {
  /** From the mailed link's `?token=`. */
  token?: string;
};

type Outcome = { state: 'cancelling' } | { state: 'kept'; msg: string } | { state: 'failed'; msg: string };

// The token is single-use: one request per token, however often the screen mounts (StrictMode mounts
// twice in development; a second request would fail and show a false error).
const requests = new Map<string, Promise<string>>();

function cancelOnce(token: string): Promise<string> {
  let request = requests.get(token);
  if (!request) {
    request = unwrap(api.POST('/users/withdrawal-address-lock/cancel-off', { body: { token } })).then(
      ({ msg }) => msg,
    );
    requests.set(token, request);
  }
  return request;
}

const incompleteLink = 'This link is incomplete. Open it exactly as it was sent.';

/**
 * /cancel-address-lock-off: the link mailed when turning the withdrawal-address lock off was asked
 * for. Turning it off waits, and until then this link keeps it on. A spinner, then "The lock stays on"
 * with the server's msg, or the server's reason the link no longer works. It works signed out: the
 * link alone is enough.
 */
export function CancelAddressLockOffScreen({ token }: CancelAddressLockOffScreenProps) {
  const [outcome, setOutcome] = useState<Outcome>(() =>
    token ? { state: 'cancelling' } : { state: 'failed', msg: incompleteLink },
  );

  useEffect(() => {
    if (!token) return;
    let live = true;
    cancelOnce(token).then(
      (msg) => live && setOutcome({ state: 'kept', msg }),
      (error: unknown) =>
        live && setOutcome({ state: 'failed', msg: error instanceof ApiError ? error.msg : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  if (outcome.state === 'cancelling') {
    return (
      <AuthFrame title="Keeping the lock on">
        <div className={styles.centered}>
          <Spinner size="lg" label="Keeping the lock on" />
        </div>
      </AuthFrame>
    );
  }
  if (outcome.state === 'kept') {
    return (
      <AuthFrame title="The lock stays on" brief={outcome.msg}>
        <Button asChild fullWidth>
          <SiteLink href="/sign-in">Sign In</SiteLink>
        </Button>
      </AuthFrame>
    );
  }
  return (
    <AuthFrame title="We could not keep the lock on" brief={outcome.msg}>
      <Button asChild fullWidth variant="secondary">
        <SiteLink href="/">Go Back to Homepage</SiteLink>
      </Button>
    </AuthFrame>
  );
}
