import { createFileRoute } from '@tanstack/react-router';
import { dashboardTitle } from '../layout/routeTitles';
import { WalletsScreen } from '../screens/admin/wallets/WalletsScreen';

export const Route = createFileRoute('/_admin/admin/wallets')({
  component: WalletsScreen,
  staticData: { title: dashboardTitle('Wallets · Back office') },
});
