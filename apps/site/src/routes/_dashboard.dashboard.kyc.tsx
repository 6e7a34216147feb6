import { createFileRoute } from '@tanstack/react-router';
import { prefetch } from '../api/queryClient';
import { dashboardTitle } from '../layout/routeTitles';
import { KycScreen } from '../screens/dashboard/kyc/KycScreen';
import { latestKycQuery } from '../screens/dashboard/kyc/kycData';

export const Route = createFileRoute('/_dashboard/dashboard/kyc')({
  loader: ({ context }) => prefetch(context.queryClient, latestKycQuery),
  component: KycScreen,
  staticData: { title: dashboardTitle('KYC') },
});
