import { Spinner, Tabs } from '@ledgerline/ui';
import { useApiData } from '../../../api/useApiData';
import { DashboardPage } from '../../../shared/DashboardPage';
import { waiting } from '../../../shared/DashboardPage.css';
import { NotificationSettings } from './NotificationSettings';
import { PersonalInformation } from './PersonalInformation';
import * as styles from './ProfileScreen.css';
import { loadProfile } from './profileData';
import { SecurityInformation } from './SecurityInformation';

/** /dashboard/profile: "My Profile" with three tabs: Personal, Security and Notifications. */
export function ProfileScreen() {
  const profile = useApiData(loadProfile);
  return (
    <DashboardPage title="My Profile">
      {profile.status === 'loading' ? (
        <div className={waiting}>
          <Spinner size="lg" label="Loading your profile" />
        </div>
      ) : (
        <Tabs.Root defaultValue="personal" className={styles.tabs}>
          <Tabs.List aria-label="Profile">
            <Tabs.Trigger value="personal">Personal Information</Tabs.Trigger>
            <Tabs.Trigger value="security">Security Information</Tabs.Trigger>
            <Tabs.Trigger value="notifications">Notifications</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="personal">
            <PersonalInformation profile={profile.data ?? {}} onSaved={profile.reload} />
          </Tabs.Content>
          <Tabs.Content value="security">
            <SecurityInformation activityLogStatus={profile.data?.activityLogStatus ?? false} />
          </Tabs.Content>
          <Tabs.Content value="notifications">
            <NotificationSettings />
          </Tabs.Content>
        </Tabs.Root>
      )}
    </DashboardPage>
  );
}
