import { DashboardShell } from '@ledgerline/ui';
import { useQuery } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { profileQuery } from '../api/profileQuery';
import { siteConfig } from '../config';
import { useDashboardLive } from '../live/useDashboardLive';
import { dashboardNavigation } from './dashboardNavigation';
import { RouterLink } from './RouterLink';
import { useSignedInFrame } from './useSignedInFrame';
import { useTickerItems } from './useTickerItems';

/**
 * The signed-in frame: sidebar, top bar with ticker, name and menu, and a mobile nav. When the session
 * goes away (logout, another tab, or a 401 from the server) it leaves for /sign-in. While it shows, the
 * account's live events refresh the screens and say what happened in a toast. The name shown is the
 * profile's (the user-info query, current after a profile save), the sign-in's until it loads.
 */
export function DashboardLayout() {
  const { session, pathname, logout } = useSignedInFrame();
  const tickerItems = useTickerItems();
  useDashboardLive(session?.token);
  const userInfo = useQuery({ ...profileQuery, enabled: session !== null });
  if (!session) return null;

  return (
    <DashboardShell
      {...dashboardNavigation}
      userName={userInfo.data?.fullname || session.name}
      onLogout={logout}
      currentPath={pathname}
      linkComponent={RouterLink}
      productName={siteConfig.productName}
      tickerItems={tickerItems}
    >
      <Outlet />
    </DashboardShell>
  );
}
