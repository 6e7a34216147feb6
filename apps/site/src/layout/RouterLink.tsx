import type { NavLinkProps } from '@ledgerline/ui';
import { Link, useNavigate } from '@tanstack/react-router';
import { type ReactNode, useMemo } from 'react';
import type { RoutePath } from './navigation';
import { type SiteNavigation, SiteNavigationContext } from './siteNavigation';

/**
 * The ui navigation's links, rendered by the router: `href` becomes `to`, everything else passes on.
 * A link is the current page only at its own path, as the ui's navigation marks it: the router's
 * default would also mark `/admin` (Today) current on every page under it.
 */
export function RouterLink({ href, ...rest }: NavLinkProps<RoutePath>) {
  return <Link to={href} activeOptions={{ exact: true }} {...rest} />;
}

/** Gives the screens below the router's links and navigation (see SiteNavigation). */
export function RouterNavigation({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const value = useMemo<SiteNavigation>(
    () => ({ Link: RouterLink, goTo: (to) => navigate({ to }) }),
    [navigate],
  );
  return <SiteNavigationContext value={value}>{children}</SiteNavigationContext>;
}
