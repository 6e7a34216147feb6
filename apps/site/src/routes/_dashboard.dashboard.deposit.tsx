import { createFileRoute } from '@tanstack/react-router';
import { dashboardTitle } from '../layout/routeTitles';
import { DepositScreen } from '../screens/dashboard/deposit/DepositScreen';

export const Route = createFileRoute('/_dashboard/dashboard/deposit')({
  component: DepositScreen,
  staticData: { title: dashboardTitle('Deposit') },
});
