import { createFileRoute } from '@tanstack/react-router';
import { prefetch } from '../api/queryClient';
import { dashboardTitle } from '../layout/routeTitles';
import { OverviewScreen } from '../screens/dashboard/overview/OverviewScreen';
import {
  balanceHistoryQuery,
  marketQuery,
  overviewInfoQuery,
  trendingQuery,
} from '../screens/dashboard/overview/overviewData';

export const Route = createFileRoute('/_dashboard/dashboard/overview')({
  loader: ({ context }) =>
    prefetch(context.queryClient, overviewInfoQuery, balanceHistoryQuery, trendingQuery, marketQuery),
  component: OverviewScreen,
  staticData: { title: dashboardTitle('Overview') },
});
