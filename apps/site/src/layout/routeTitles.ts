import { siteConfig } from '../config';
import type { PublicRoute } from '../content/types';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The page whose title and meta description the document shows (content/meta.ts). */
    page?: PublicRoute;
    /** Or a title of its own, for pages without a meta description (the dashboard). */
    title?: string;
    /** A signed-in page (the dashboard, the back office): never indexed by search engines. */
    noindex?: boolean;
  }
}

/** A dashboard page's document title. */
export function dashboardTitle(screen: string): string {
  return `${screen} | ${siteConfig.productName}`;
}
