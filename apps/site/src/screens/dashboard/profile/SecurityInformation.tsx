import { unwrap } from '@ledgerline/api-client';
import { Card, Switch } from '@ledgerline/ui';
import { useState } from 'react';
import { api } from '../../../api/api';
import * as styles from './ProfileScreen.css';
import { ActivityPanel } from './security/ActivityPanel';
import { AddressBookPanel } from './security/AddressBookPanel';
import { AntiPhishingPhrasePanel } from './security/AntiPhishingPhrasePanel';
import { EmailAddressPanel } from './security/EmailAddressPanel';
import { SessionsPanel } from './security/SessionsPanel';
import { TwoFactorPanel } from './security/TwoFactorPanel';
import { ChangePassword } from './UpdatePasswordDialog';

/** Saves the switch as JSON `{ activityLogStatus }`; errors are ignored. */
async function saveActivityLogStatus(activityLogStatus: boolean) {
  try {
    await unwrap(api.PATCH('/users/user-info', { body: { activityLogStatus } }));
  } catch {
    // Ignored on purpose. The switch keeps the position the person gave it.
  }
}

/**
 * The Security Information tab: the activity-log switch, the password change, the email address,
 * two-factor authentication, the anti-phishing phrase, the sessions signed in, the withdrawal
 * address book and the activity log.
 */
export function SecurityInformation({ activityLogStatus }: { activityLogStatus: boolean }) {
  const [saveLogs, setSaveLogs] = useState(activityLogStatus);
  return (
    <div className={styles.panel}>
      <Card title="Activity" titleAs="h2">
        <Switch
          label="Save my Activity Logs"
          checked={saveLogs}
          onCheckedChange={(checked) => {
            setSaveLogs(checked);
            void saveActivityLogStatus(checked);
          }}
        />
      </Card>
      <Card title="Password" titleAs="h2">
        <div>
          <ChangePassword />
        </div>
      </Card>
      <EmailAddressPanel />
      <TwoFactorPanel />
      <AntiPhishingPhrasePanel />
      <SessionsPanel />
      <AddressBookPanel />
      <ActivityPanel recording={saveLogs} />
    </div>
  );
}
