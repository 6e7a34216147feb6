import { createFileRoute } from '@tanstack/react-router';
import { prefetch } from '../api/queryClient';
import { dashboardTitle } from '../layout/routeTitles';
import { DepositScreen } from '../screens/dashboard/deposit/DepositScreen';
import { activeWalletsQuery } from '../screens/dashboard/deposit/useWallets';

export const Route = createFileRoute('/_dashboard/dashboard/deposit')({
  loader: ({ context }) => prefetch(context.queryClient, activeWalletsQuery),
  component: DepositScreen,
  staticData: { title: dashboardTitle('Deposit') },
});
