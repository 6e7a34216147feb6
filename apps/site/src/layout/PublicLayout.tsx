import { Footer, NavBar } from '@ledgerline/ui';
import { Outlet, useLocation } from '@tanstack/react-router';
import { siteConfig } from '../config';
import { useMarkAppReady } from './appReady';
import { RouterLink } from './RouterLink';

/** The public pages' frame (spec: header and footer shown). */
export function PublicLayout() {
  useMarkAppReady();
  const { pathname } = useLocation();
  return (
    <>
      <NavBar productName={siteConfig.productName} currentPath={pathname} linkComponent={RouterLink} />
      <Outlet />
      <Footer
        productName={siteConfig.productName}
        supportEmail={siteConfig.supportEmail}
        currentPath={pathname}
        linkComponent={RouterLink}
      />
    </>
  );
}
