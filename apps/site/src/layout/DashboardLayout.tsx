import { DashboardShell } from '@ledgerline/ui';
import { Outlet, useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { api } from '../api/api';
import { siteConfig } from '../config';
import { clearSession, useSession } from '../session/session';
import { useMarkAppReady } from './appReady';
import { dashboardNavigation } from './dashboardNavigation';
import { RouterLink } from './RouterLink';
import { useTickerItems } from './useTickerItems';

/**
 * The signed-in frame: sidebar, top bar with ticker, name and menu, and a mobile nav. When the session
 * goes away (logout, another tab, or a 401 from the server) it leaves for /sign-in.
 */
export function DashboardLayout() {
  useMarkAppReady();
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tickerItems = useTickerItems();

  useEffect(() => {
    if (!session) void navigate({ to: '/sign-in', replace: true });
  }, [session, navigate]);

  if (!session) return null;

  const logout = () => {
    // The token is revoked on the server; the session goes here whatever the answer: logout always
    // removes the saved session and goes to /sign-in.
    void api.POST('/auth/logout').catch(() => undefined);
    clearSession();
  };

  return (
    <DashboardShell
      {...dashboardNavigation}
      userName={session.name}
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
