import { createFileRoute } from '@tanstack/react-router';
import { dashboardTitle } from '../layout/routeTitles';
import { OverviewScreen } from '../screens/dashboard/overview/OverviewScreen';

export const Route = createFileRoute('/_dashboard/dashboard/overview')({
  component: OverviewScreen,
  staticData: { title: dashboardTitle('Overview') },
});
