import { createFileRoute } from '@tanstack/react-router';
import { prefetch } from '../api/queryClient';
import { dashboardTitle } from '../layout/routeTitles';
import { ReferralsScreen } from '../screens/dashboard/referrals/ReferralsScreen';
import { referralLinkQuery, referralsQuery } from '../screens/dashboard/referrals/referralData';

export const Route = createFileRoute('/_dashboard/dashboard/referral-program')({
  loader: ({ context }) => prefetch(context.queryClient, referralLinkQuery, referralsQuery),
  component: ReferralsScreen,
  staticData: { title: dashboardTitle('Referral Program') },
});
