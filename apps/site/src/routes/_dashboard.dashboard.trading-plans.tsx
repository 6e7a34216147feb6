import { createFileRoute } from '@tanstack/react-router';
import { prefetch } from '../api/queryClient';
import { dashboardTitle } from '../layout/routeTitles';
import { fundsQuery } from '../screens/dashboard/funds/fundQueries';
import { TradingPlansScreen } from '../screens/dashboard/trading-plans/TradingPlansScreen';
import { availableBalanceQuery } from '../screens/dashboard/withdrawal/useAvailableBalance';

export const Route = createFileRoute('/_dashboard/dashboard/trading-plans')({
  loader: ({ context }) => prefetch(context.queryClient, availableBalanceQuery, fundsQuery),
  component: TradingPlansScreen,
  staticData: { title: dashboardTitle('Trading Plans') },
});
