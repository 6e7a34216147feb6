import { createFileRoute } from '@tanstack/react-router';
import { dashboardTitle } from '../layout/routeTitles';
import { DepositQueueScreen } from '../screens/admin/deposits/DepositQueueScreen';

export const Route = createFileRoute('/_admin/admin/deposits')({
  component: DepositQueueScreen,
  staticData: { title: dashboardTitle('Deposits · Back office') },
});
