import { createFileRoute } from '@tanstack/react-router';
import { prefetch } from '../api/queryClient';
import { dashboardTitle } from '../layout/routeTitles';
import { FundScreen } from '../screens/dashboard/funds/FundScreen';
import { appropriatenessQuery, fundQuery, portfolioQuery } from '../screens/dashboard/funds/fundQueries';
import { availableBalanceQuery } from '../screens/dashboard/withdrawal/useAvailableBalance';

export const Route = createFileRoute('/_dashboard/dashboard/funds/$fundId')({
  loader: ({ context, params }) =>
    prefetch(
      context.queryClient,
      fundQuery(params.fundId),
      portfolioQuery,
      availableBalanceQuery,
      appropriatenessQuery,
    ),
  component: FundRoute,
  staticData: { title: dashboardTitle('Fund') },
});

function FundRoute() {
  const { fundId } = Route.useParams();
  return <FundScreen fundId={fundId} />;
}
