import { Footer, type LinkComponent, NavBar } from '@ledgerline/ui';
import type { ReactNode } from 'react';
import { siteConfig } from '../config';
import { useMarkAppReady } from './appReady';
import { footerNavigation, publicNavigation, type RoutePath } from './navigation';

type PublicFrameProps = {
  /** The page's path: the navigation marks its link as the current page. */
  currentPath: string;
  /** How the navigation renders its links: the router's, or plain anchors on a page without it. */
  linkComponent: LinkComponent<RoutePath>;
  children: ReactNode;
};

/** The public pages' frame, header and footer on every page, with the router or without it. */
export function PublicFrame({ currentPath, linkComponent, children }: PublicFrameProps) {
  useMarkAppReady();
  return (
    <>
      <NavBar
        {...publicNavigation}
        productName={siteConfig.productName}
        currentPath={currentPath}
        linkComponent={linkComponent}
      />
      {children}
      <Footer
        {...footerNavigation}
        productName={siteConfig.productName}
        supportEmail={siteConfig.supportEmail}
        currentPath={currentPath}
        linkComponent={linkComponent}
      />
    </>
  );
}
