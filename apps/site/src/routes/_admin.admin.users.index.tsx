import { createFileRoute } from '@tanstack/react-router';
import { dashboardTitle } from '../layout/routeTitles';
import { UsersScreen } from '../screens/admin/users/UsersScreen';

export const Route = createFileRoute('/_admin/admin/users/')({
  component: UsersScreen,
  staticData: { title: dashboardTitle('Users · Back office') },
});
