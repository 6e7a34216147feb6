import { createFileRoute } from '@tanstack/react-router';
import { dashboardTitle } from '../layout/routeTitles';
import { ProfileScreen } from '../screens/dashboard/profile/ProfileScreen';

export const Route = createFileRoute('/_dashboard/dashboard/profile')({
  component: ProfileScreen,
  staticData: { title: dashboardTitle('Profile') },
});
