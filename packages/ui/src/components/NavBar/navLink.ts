import type { ElementType, MouseEventHandler, ReactNode, Ref } from 'react';

/** What NavBar, Footer and DashboardShell pass to each link they render. */
export type NavLinkProps = {
  /** The destination, a path such as `/about-us`. */
  href: string;
  /** The navigation's styles for the link. */
  className?: string;
  /** The link's content: its label (and icon). */
  children?: ReactNode;
  /** `page` on the link to the current page. */
  'aria-current'?: 'page';
  /** Set by the navigation, e.g. to close the mobile panel; call it, then navigate. */
  onClick?: MouseEventHandler<HTMLAnchorElement>;
  /** The anchor element, for menus that move focus to it. */
  ref?: Ref<HTMLAnchorElement>;
};

/**
 * How the navigation renders its links: `'a'`, or a component rendering an anchor, e.g. a wrapper
 * around TanStack Router's `Link` that maps `href` to `to`. It must spread every other prop it is
 * given (class, `aria-current`, handlers, menu roles) onto the anchor and pass the ref on.
 */
export type LinkComponent = ElementType<NavLinkProps>;

/** A link of the navigation: its label and its path. */
export type NavItem = {
  /** What the link says, e.g. "About Us". */
  label: string;
  /** Where it goes, e.g. "/about-us". */
  href: string;
};

const withoutTrailingSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** `page` when `href` is the current path (exact match: `/` is current only on the home page). */
export function currentPage(href: string, currentPath: string | undefined): 'page' | undefined {
  if (currentPath === undefined) return undefined;
  return withoutTrailingSlash(href) === withoutTrailingSlash(currentPath) ? 'page' : undefined;
}
