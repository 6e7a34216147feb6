import { createFileRoute } from '@tanstack/react-router';
import { prefetch } from '../api/queryClient';
import { dashboardTitle } from '../layout/routeTitles';
import { portfolioQuery } from '../screens/dashboard/funds/fundQueries';
import { PortfolioScreen } from '../screens/dashboard/portfolio/PortfolioScreen';

export const Route = createFileRoute('/_dashboard/dashboard/portfolio')({
  loader: ({ context }) => prefetch(context.queryClient, portfolioQuery),
  component: PortfolioScreen,
  staticData: { title: dashboardTitle('Portfolio') },
});
