import { createFileRoute } from '@tanstack/react-router';
import { dashboardTitle } from '../layout/routeTitles';
import { WithdrawalScreen } from '../screens/dashboard/withdrawal/WithdrawalScreen';

export const Route = createFileRoute('/_dashboard/dashboard/withdrawal')({
  component: WithdrawalScreen,
  staticData: { title: dashboardTitle('Withdrawal') },
});
