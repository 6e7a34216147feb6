import { Outlet, useLocation } from '@tanstack/react-router';
import { PublicFrame } from './PublicFrame';
import { RouterLink } from './RouterLink';

/** The public pages' frame around the router's page. */
export function PublicLayout() {
  const { pathname } = useLocation();
  return (
    <PublicFrame currentPath={pathname} linkComponent={RouterLink}>
      <Outlet />
    </PublicFrame>
  );
}
