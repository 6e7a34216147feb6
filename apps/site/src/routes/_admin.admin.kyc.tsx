import { createFileRoute } from '@tanstack/react-router';
import { dashboardTitle } from '../layout/routeTitles';
import { KycQueueScreen } from '../screens/admin/kyc/KycQueueScreen';

export const Route = createFileRoute('/_admin/admin/kyc')({
  component: KycQueueScreen,
  staticData: { title: dashboardTitle('KYC · Back office') },
});
