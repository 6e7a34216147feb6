import { createFileRoute } from '@tanstack/react-router';
import { dashboardTitle } from '../layout/routeTitles';
import { TransactionHistoryScreen } from '../screens/dashboard/history/TransactionHistoryScreen';

export const Route = createFileRoute('/_dashboard/dashboard/transaction-history')({
  component: TransactionHistoryScreen,
  staticData: { title: dashboardTitle('Transaction History') },
});
