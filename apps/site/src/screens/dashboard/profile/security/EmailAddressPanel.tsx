import type { Schemas } from '@ledgerline/api-client';
import { Button, Card, Spinner } from '@ledgerline/ui';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { $api, useReload } from '../../../../api/queryClient';
import { securityQuery } from '../../../../shared/securityQuery';
import { ChangeEmailDialog } from './ChangeEmailDialog';
import * as styles from './SecurityPanels.css';

/** The account's email: the user-info query's, so a change confirmed elsewhere shows with the rest. */
const emailQuery = {
  ...$api.queryOptions('get', '/users/user-info', { params: { query: { fields: 'email' } } }),
  select: (info: Schemas['UserInfo']) => info.email ?? '',
};

/**
 * The sign-in email and the button that changes it. Once a change is asked for, the panel says where
 * the confirmation link went; the email shown stays the current one until the link is followed.
 */
export function EmailAddressPanel() {
  const email = useQuery(emailQuery);
  const security = useQuery(securityQuery);
  const twoFactorOn = security.isSuccess && security.data.twoFactorEnabled;
  const reloadEmail = useReload(emailQuery.queryKey);
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState<string | null>(null);

  let content: ReactNode;
  if (email.isPending) {
    content = (
      <div className={styles.loading}>
        <Spinner label="Loading your email" />
      </div>
    );
  } else if (email.isError) {
    content = (
      <div className={styles.failed}>
        <p className={styles.failedText}>Your email could not be loaded: {email.error.msg}</p>
        <Button variant="secondary" onClick={reloadEmail}>
          Try again
        </Button>
      </div>
    );
  } else {
    content = (
      <div className={styles.stateRow}>
        <div className={styles.stateText}>
          <p className={styles.phrase}>{email.data}</p>
          <p className={styles.muted}>You sign in with this address, and our mails go to it.</p>
          {requested && (
            <p role="status" className={styles.notice}>
              {requested}
            </p>
          )}
        </div>
        <Button variant="secondary" aria-haspopup="dialog" onClick={() => setOpen(true)}>
          Change email
        </Button>
      </div>
    );
  }

  return (
    <Card title="Email address" titleAs="h2">
      {content}
      <ChangeEmailDialog
        open={open}
        onOpenChange={setOpen}
        onRequested={setRequested}
        twoFactorOn={twoFactorOn}
      />
    </Card>
  );
}
