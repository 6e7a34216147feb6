import { Spinner, Tabs } from '@ledgerline/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { profileQuery } from '../../../api/profileQuery';
import { DashboardPage } from '../../../shared/DashboardPage';
import { waiting } from '../../../shared/DashboardPage.css';
import { NotificationSettings } from './NotificationSettings';
import { PersonalInformation } from './PersonalInformation';
import * as styles from './ProfileScreen.css';
import { SecurityInformation } from './SecurityInformation';

/**
 * /dashboard/profile: "My Profile" with three tabs: Personal, Security and Notifications. A saved
 * profile invalidates the user-info query: this page and the top bar's name show the new one.
 */
export function ProfileScreen() {
  const profile = useQuery(profileQuery);
  const queryClient = useQueryClient();
  const reload = () => void queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
  return (
    <DashboardPage title="My Profile">
      {profile.isPending ? (
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
            <PersonalInformation profile={profile.data ?? {}} onSaved={reload} />
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
