import type { NavLinkProps } from '@ledgerline/ui';
import { Link } from '@tanstack/react-router';

/** The ui navigation's links, rendered by the router: `href` becomes `to`, everything else passes on. */
export function RouterLink({ href, ...rest }: NavLinkProps) {
  return <Link to={href} {...rest} />;
}
