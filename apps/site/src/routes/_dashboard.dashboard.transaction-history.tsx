import { createFileRoute } from '@tanstack/react-router';
import { prefetchKeyset } from '../api/keysetQuery';
import { dashboardTitle } from '../layout/routeTitles';
import { TransactionHistoryScreen } from '../screens/dashboard/history/TransactionHistoryScreen';
import { unfilteredHistoryQuery } from '../screens/dashboard/history/useTransactions';

export const Route = createFileRoute('/_dashboard/dashboard/transaction-history')({
  loader: ({ context }) => prefetchKeyset(context.queryClient, unfilteredHistoryQuery),
  component: TransactionHistoryScreen,
  staticData: { title: dashboardTitle('Transaction History') },
});
