import { createFileRoute } from '@tanstack/react-router';
import { dashboardTitle } from '../layout/routeTitles';
import { TradingPlansScreen } from '../screens/dashboard/trading-plans/TradingPlansScreen';

export const Route = createFileRoute('/_dashboard/dashboard/trading-plans')({
  component: TradingPlansScreen,
  staticData: { title: dashboardTitle('Trading Plans') },
});
