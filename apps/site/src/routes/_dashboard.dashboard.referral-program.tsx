import { createFileRoute } from '@tanstack/react-router';
import { dashboardTitle } from '../layout/routeTitles';
import { ReferralsScreen } from '../screens/dashboard/referrals/ReferralsScreen';

export const Route = createFileRoute('/_dashboard/dashboard/referral-program')({
  component: ReferralsScreen,
  staticData: { title: dashboardTitle('Referral Program') },
});
