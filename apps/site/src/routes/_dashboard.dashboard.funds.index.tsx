import { createFileRoute } from '@tanstack/react-router';
import { prefetch } from '../api/queryClient';
import { dashboardTitle } from '../layout/routeTitles';
import { FundsScreen } from '../screens/dashboard/funds/FundsScreen';
import { appropriatenessQuery, fundsQuery } from '../screens/dashboard/funds/fundQueries';
import { availableBalanceQuery } from '../screens/dashboard/withdrawal/useAvailableBalance';

export const Route = createFileRoute('/_dashboard/dashboard/funds/')({
  loader: ({ context }) =>
    prefetch(context.queryClient, fundsQuery, availableBalanceQuery, appropriatenessQuery),
  component: FundsScreen,
  staticData: { title: dashboardTitle('Funds') },
});
