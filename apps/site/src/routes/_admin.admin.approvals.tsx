import { createFileRoute } from '@tanstack/react-router';
import { dashboardTitle } from '../layout/routeTitles';
import { ApprovalsScreen } from '../screens/admin/approvals/ApprovalsScreen';

export const Route = createFileRoute('/_admin/admin/approvals')({
  component: ApprovalsScreen,
  staticData: { title: dashboardTitle('Second approvals · Back office') },
});
