import { createFileRoute } from '@tanstack/react-router';
import { dashboardTitle } from '../layout/routeTitles';
import { TeamScreen } from '../screens/admin/team/TeamScreen';

export const Route = createFileRoute('/_admin/admin/team')({
  component: TeamScreen,
  staticData: { title: dashboardTitle('Team · Back office') },
});
