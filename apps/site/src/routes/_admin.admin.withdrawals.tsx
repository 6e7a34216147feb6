import { createFileRoute } from '@tanstack/react-router';
import { dashboardTitle } from '../layout/routeTitles';
import { WithdrawalQueueScreen } from '../screens/admin/withdrawals/WithdrawalQueueScreen';

export const Route = createFileRoute('/_admin/admin/withdrawals')({
  component: WithdrawalQueueScreen,
  staticData: { title: dashboardTitle('Withdrawals · Back office') },
});
