import { createFileRoute } from '@tanstack/react-router';
import { dashboardTitle } from '../layout/routeTitles';
import { KycScreen } from '../screens/dashboard/kyc/KycScreen';

export const Route = createFileRoute('/_dashboard/dashboard/kyc')({
  component: KycScreen,
  staticData: { title: dashboardTitle('KYC') },
});
