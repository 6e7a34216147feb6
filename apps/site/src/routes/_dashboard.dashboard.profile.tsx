import { createFileRoute } from '@tanstack/react-router';
import { profileQuery } from '../api/profileQuery';
import { prefetch } from '../api/queryClient';
import { dashboardTitle } from '../layout/routeTitles';
import { ProfileScreen } from '../screens/dashboard/profile/ProfileScreen';

export const Route = createFileRoute('/_dashboard/dashboard/profile')({
  loader: ({ context }) => prefetch(context.queryClient, profileQuery),
  component: ProfileScreen,
  staticData: { title: dashboardTitle('Profile') },
});
