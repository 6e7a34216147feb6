import { Badge, Button, Card, Spinner } from '@ledgerline/ui';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useReload } from '../../../../api/queryClient';
import { securityQuery } from '../../../../shared/securityQuery';
import * as styles from './SecurityPanels.css';
import { formatDate, type SecuritySettings } from './securityData';
import { TurnOffTwoFactorDialog } from './TurnOffTwoFactorDialog';
import { TurnOnTwoFactorDialog } from './TurnOnTwoFactorDialog';

/** What follows "On": "since Nov 18, 2026, 9 recovery codes left". */
export function sinceAndCodesLeft(security: SecuritySettings): string {
  const since = security.twoFactorEnabledAt ? `since ${formatDate(security.twoFactorEnabledAt)}, ` : '';
  const left = security.recoveryCodesLeft;
  const codes =
    left === 0 ? 'no recovery codes left' : `${left} recovery ${left === 1 ? 'code' : 'codes'} left`;
  return `${since}${codes}`;
}

function explanation(security: SecuritySettings): string {
  if (security.twoFactorEnabled) {
    return security.twoFactorRequired
      ? 'Your account must keep two-factor authentication on.'
      : 'Every sign-in asks for a code from your authenticator app.';
  }
  return security.twoFactorRequired
    ? 'Your account must turn two-factor authentication on.'
    : 'Ask for a code from an authenticator app at every sign-in, so a password alone is not enough.';
}

/**
 * Two-factor authentication: whether it is on, and the one button that turns it on or off. The
 * button stays the same element as its label changes, so focus returns to it when either dialog
 * closes, even once the new state has loaded.
 */
export function TwoFactorPanel() {
  const security = useQuery(securityQuery);
  const reloadSecurity = useReload(securityQuery.queryKey);
  const [dialog, setDialog] = useState<'turnOn' | 'turnOff' | null>(null);

  let content: ReactNode;
  if (security.isPending) {
    content = (
      <div className={styles.loading}>
        <Spinner label="Loading two-factor authentication" />
      </div>
    );
  } else if (security.isError) {
    content = (
      <div className={styles.failed}>
        <p className={styles.failedText}>
          Two-factor authentication could not be loaded: {security.error.msg}
        </p>
        <Button variant="secondary" onClick={reloadSecurity}>
          Try again
        </Button>
      </div>
    );
  } else {
    const { twoFactorEnabled: on, twoFactorRequired } = security.data;
    content = (
      <div className={styles.stateRow}>
        <div className={styles.stateText}>
          <p className={styles.entryTitle}>
            <Badge tone={on ? 'success' : 'neutral'}>{on ? 'On' : 'Off'}</Badge>
            {on && <span>{sinceAndCodesLeft(security.data)}</span>}
          </p>
          <p className={styles.muted}>{explanation(security.data)}</p>
        </div>
        {!(on && twoFactorRequired) && (
          <Button
            variant={on ? 'secondary' : 'primary'}
            aria-haspopup="dialog"
            onClick={() => setDialog(on ? 'turnOff' : 'turnOn')}
          >
            {on ? 'Turn off' : 'Turn on'}
          </Button>
        )}
      </div>
    );
  }

  return (
    <Card title="Two-factor authentication" titleAs="h2">
      {content}
      <TurnOnTwoFactorDialog
        open={dialog === 'turnOn'}
        onOpenChange={(open) => setDialog(open ? 'turnOn' : null)}
        onEnabled={reloadSecurity}
      />
      <TurnOffTwoFactorDialog
        open={dialog === 'turnOff'}
        onOpenChange={(open) => setDialog(open ? 'turnOff' : null)}
        onDisabled={reloadSecurity}
      />
    </Card>
  );
}
