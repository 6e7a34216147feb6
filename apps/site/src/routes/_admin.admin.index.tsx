import { createFileRoute } from '@tanstack/react-router';
import { dashboardTitle } from '../layout/routeTitles';
import { TodayScreen } from '../screens/admin/today/TodayScreen';

export const Route = createFileRoute('/_admin/admin/')({
  component: TodayScreen,
  staticData: { title: dashboardTitle('Today · Back office') },
});
