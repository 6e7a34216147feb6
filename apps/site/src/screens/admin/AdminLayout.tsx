import { DashboardShell } from '@ledgerline/ui';
import { Outlet } from '@tanstack/react-router';
import { siteConfig } from '../../config';
import { RouterLink } from '../../layout/RouterLink';
import { useSignedInFrame } from '../../layout/useSignedInFrame';
import { adminNavigation } from './adminNavigation';
import { FirstPasswordStep } from './FirstPasswordStep';

/**
 * The back office's frame: the dashboard's shell with the operator's screens. When the session goes
 * away (logout, another tab, or a 401 from the server) it leaves for /sign-in.
 */
export function AdminLayout() {
  const { session, pathname, logout } = useSignedInFrame();
  if (!session) return null;

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
