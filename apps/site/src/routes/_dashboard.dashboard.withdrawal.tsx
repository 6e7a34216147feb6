import { createFileRoute } from '@tanstack/react-router';
import { prefetch } from '../api/queryClient';
import { dashboardTitle } from '../layout/routeTitles';
import { addressBookQuery } from '../screens/dashboard/withdrawal/savedAddresses';
import { availableBalanceQuery } from '../screens/dashboard/withdrawal/useAvailableBalance';
import { WithdrawalScreen } from '../screens/dashboard/withdrawal/WithdrawalScreen';
import { securityQuery } from '../shared/securityQuery';

export const Route = createFileRoute('/_dashboard/dashboard/withdrawal')({
  loader: ({ context }) =>
    prefetch(context.queryClient, availableBalanceQuery, securityQuery, addressBookQuery),
  component: WithdrawalScreen,
  staticData: { title: dashboardTitle('Withdrawal') },
});
