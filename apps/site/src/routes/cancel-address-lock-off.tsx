import { createFileRoute } from '@tanstack/react-router';
import { pickSearch } from '../forms/pickSearch';
import { cancelAddressLockOffSearch } from '../forms/searchParams';
import { CancelAddressLockOffScreen } from '../screens/auth/CancelAddressLockOffScreen';

export const Route = createFileRoute('/cancel-address-lock-off')({
  validateSearch: pickSearch('token'),
  staticData: { page: '/cancel-address-lock-off' },
  component: function CancelAddressLockOffRoute() {
    const { token } = cancelAddressLockOffSearch.parse(Route.useSearch());
    return <CancelAddressLockOffScreen token={token} />;
  },
});
