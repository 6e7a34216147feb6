import { createFileRoute } from '@tanstack/react-router';
import { prefetch } from '../api/queryClient';
import { dashboardTitle } from '../layout/routeTitles';
import { TradingDeskScreen } from '../screens/admin/trading/TradingDeskScreen';
import { adminTradingQuery } from '../screens/admin/trading/tradingQueries';

export const Route = createFileRoute('/_admin/admin/trading/')({
  loader: ({ context }) => prefetch(context.queryClient, adminTradingQuery),
  component: () => <TradingDeskScreen />,
  staticData: { title: dashboardTitle('Trading · Back office') },
});
