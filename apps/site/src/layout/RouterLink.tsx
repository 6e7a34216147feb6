import type { NavLinkProps } from '@ledgerline/ui';
import { Link } from '@tanstack/react-router';
import type { RoutePath } from './navigation';

/** The ui navigation's links, rendered by the router: `href` becomes `to`, everything else passes on. */
export function RouterLink({ href, ...rest }: NavLinkProps<RoutePath>) {
  return <Link to={href} {...rest} />;
}
