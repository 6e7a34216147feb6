import { createFileRoute } from '@tanstack/react-router';
import { prefetch } from '../api/queryClient';
import { dashboardTitle } from '../layout/routeTitles';
import { AdminFundScreen } from '../screens/admin/trading/AdminFundScreen';
import { adminFundQuery } from '../screens/admin/trading/tradingQueries';

function AdminFundPage() {
  const { fundId } = Route.useParams();
  // Another fund is another page: nothing of the last one's state carries over.
  return <AdminFundScreen key={fundId} fundId={fundId} />;
}

export const Route = createFileRoute('/_admin/admin/trading/$fundId')({
  loader: ({ context, params }) => prefetch(context.queryClient, adminFundQuery(params.fundId)),
  component: AdminFundPage,
  staticData: { title: dashboardTitle('Fund · Back office') },
});
