import { DashboardShell } from '@ledgerline/ui';
import { Outlet, useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { api } from '../../api/api';
import { siteConfig } from '../../config';
import { useMarkAppReady } from '../../layout/appReady';
import { RouterLink } from '../../layout/RouterLink';
import { clearSession, useSession } from '../../session/session';
import { adminNavigation } from './adminNavigation';
import { FirstPasswordStep } from './FirstPasswordStep';

/**
 * The back office's frame: the dashboard's shell with the operator's screens. When the session goes
 * away (logout, another tab, or a 401 from the server) it leaves for /sign-in.
 */
export function AdminLayout() {
  useMarkAppReady();
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  useEffect(() => {
    if (!session) void navigate({ to: '/sign-in', replace: true });
  }, [session, navigate]);

  if (!session) return null;

  const logout = () => {
    // The token is revoked on the server; the saved session goes whatever the answer.
    void api.POST('/auth/logout').catch(() => undefined);
    clearSession();
  };

  return (
    <DashboardShell
      {...adminNavigation}
      userName={session.name}
      onLogout={logout}
      currentPath={pathname}
      linkComponent={RouterLink}
      productName={`${siteConfig.productName} back office`}
    >
      {session.mustChangePassword ? <FirstPasswordStep session={session} /> : <Outlet />}
    </DashboardShell>
  );
}
