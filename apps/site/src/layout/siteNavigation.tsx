import type { NavLinkProps } from '@ledgerline/ui';
import { type ComponentPropsWithRef, type ComponentType, createContext, useContext } from 'react';
import type { RoutePath } from './navigation';

/**
 * How a screen reaches another page of the site, with the router or without it. A page hydrated
 * without the router (an island, src/island.tsx) links with plain anchors; the app gives the
 * router's link and navigation (RouterNavigation). Screens use SiteLink and useGoTo, never the
 * router's own, so that a page without the router carries none of its code.
 */
export type SiteNavigation = {
  /** A link to a page of the site. */
  Link: ComponentType<NavLinkProps<RoutePath>>;
  /** Goes to a page of the site once an action is done (a form sent). */
  goTo: (to: RoutePath) => Promise<void>;
};

export function PlainLink({ href, ...rest }: NavLinkProps<RoutePath>) {
  return <a href={href} {...rest} />;
}

/** Without a provider: plain anchors, and a page load for each move. */
export const SiteNavigationContext = createContext<SiteNavigation>({
  Link: PlainLink,
  goTo: async (to) => {
    window.location.assign(to);
  },
});

/** A link to a page of the site, rendered by the router when the page has it. */
export function SiteLink(props: NavLinkProps<RoutePath>) {
  const { Link } = useContext(SiteNavigationContext);
  return <Link {...props} />;
}

/** The function that goes to a page of the site, for what a screen does after an action. */
export function useGoTo(): SiteNavigation['goTo'] {
  return useContext(SiteNavigationContext).goTo;
}

/**
 * A content item's link, whose address is the content's own string: a link to a page of the site
 * when it is one, a plain one for a mailbox or a place on a page. Other props (a Button's class and
 * handlers, through `asChild`) go to the `<a>`.
 */
export function ContentLink({
  href,
  ...rest
}: Omit<ComponentPropsWithRef<'a'>, 'aria-current'> & { href: string }) {
  if (href.startsWith('/') && !href.includes('#')) return <SiteLink href={href as RoutePath} {...rest} />;
  return <a href={href} {...rest} />;
}
