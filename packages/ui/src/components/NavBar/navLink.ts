import type { ComponentType, MouseEventHandler, ReactNode, Ref } from 'react';

/**
 * What NavBar, Footer and DashboardShell pass to each link they render. `Href` is the site's type of
 * a path (its router's link type), so a link can go only where the router has a page.
 */
export type NavLinkProps<Href extends string = string> = {
  /** The destination, a path such as `/about-us`. */
  href: Href;
  /** The navigation's styles for the link. */
  className?: string;
  /** The link's content: its label (and icon). */
  children?: ReactNode;
  /** `page` on the link to the current page. */
  'aria-current'?: 'page';
  /** The id of what describes the link beyond its label (a count of what waits there). */
  'aria-describedby'?: string;
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
export type LinkComponent<Href extends string = string> = 'a' | ComponentType<NavLinkProps<Href>>;

/** A link of the navigation: its label and its path. The site owns the list; the ui only draws it. */
export type NavItem<Href extends string = string> = {
  /** What the link says, e.g. "About Us". */
  label: string;
  /** Where it goes, e.g. "/about-us". */
  href: Href;
};

const withoutTrailingSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** `page` when `href` is the current path (exact match: `/` is current only on the home page). */
export function currentPage(href: string, currentPath: string | undefined): 'page' | undefined {
  if (currentPath === undefined) return undefined;
  return withoutTrailingSlash(href) === withoutTrailingSlash(currentPath) ? 'page' : undefined;
}
