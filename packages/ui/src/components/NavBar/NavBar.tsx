import { clsx } from 'clsx';
import { type ComponentPropsWithRef, useEffect, useState } from 'react';
import { media } from '../../theme/breakpoints';
import { Button } from '../Button/Button';
import { Logo } from '../Logo/Logo';
import { MenuSheet } from './MenuSheet';
import {
  bar,
  desktopActions,
  desktopLink,
  desktopLinks,
  desktopNav,
  hamburger,
  inner,
  narrowOnly,
  panelActions,
  panelLink,
  panelLinks,
} from './NavBar.css';

import { currentPage, type LinkComponent, type NavItem } from './navLink';

export type NavBarProps<Href extends string = string> = Omit<ComponentPropsWithRef<'header'>, 'children'> & {
  /** The links, in order. */
  items: readonly NavItem<Href>[];
  /** Where the logo links to (the home page). */
  homeHref: Href;
  /** Where "Sign up" goes. */
  signUpHref: Href;
  /** Where "Sign in" goes. */
  signInHref: Href;
  /** The product's name, beside the logo. @default 'Ledgerline' */
  productName?: string;
  /** The path of the page shown; its link gets `aria-current="page"`. @default undefined */
  currentPath?: string;
  /** Renders every link: `'a'`, or a wrapper around the router's `Link` (see `LinkComponent`). @default 'a' */
  linkComponent?: LinkComponent<Href>;
  /** How far (px) the window scrolls before the bar becomes fixed. @default 80 */
  fixedThreshold?: number;
};

/** True once the window has scrolled more than `threshold` px. Reads nothing during render (SSR). */
function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return past;
}

/**
 * The public site's navigation bar: logo home, the site's pages, Sign up and Sign in. Below
 * the `navigation` breakpoint (1024 px) a hamburger opens a panel with the same links and buttons; its
 * close button, any link or Escape closes it. Scrolled past `fixedThreshold`, the bar sticks to
 * the top with a solid background and a shadow (`data-fixed`).
 */
export function NavBar<Href extends string>({
  items,
  homeHref,
  signUpHref,
  signInHref,
  productName = 'Ledgerline',
  currentPath,
  linkComponent: Link = 'a',
  fixedThreshold = 80,
  className,
  ...rest
}: NavBarProps<Href>) {
  const fixed = useScrolledPast(fixedThreshold);
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);

  // Grown past the breakpoint, the panel has no place: close it (and release the focus trap).
  useEffect(() => {
    if (!menuOpen) return;
    const wide = window.matchMedia(media.navigation);
    const closeIfWide = () => {
      if (wide.matches) setMenuOpen(false);
    };
    closeIfWide();
    wide.addEventListener('change', closeIfWide);
    return () => wide.removeEventListener('change', closeIfWide);
  }, [menuOpen]);

  const logo = (onClick?: () => void) => (
    <Logo asChild productName={productName}>
      <Link href={homeHref} onClick={onClick} />
    </Logo>
  );

  return (
    <header className={clsx(bar, className)} data-fixed={fixed ? '' : undefined} {...rest}>
      <div className={inner}>
        {logo()}
        <nav aria-label="Main" className={desktopNav}>
          <ul className={desktopLinks}>
            {items.map((item) => (
              <li key={item.href}>
                <Link
                  href={item.href}
                  className={desktopLink}
                  aria-current={currentPage(item.href, currentPath)}
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className={desktopActions}>
          <Button asChild>
            <Link href={signUpHref}>Sign up</Link>
          </Button>
          <Button asChild variant="secondary">
            <Link href={signInHref}>Sign in</Link>
          </Button>
        </div>
        <MenuSheet
          open={menuOpen}
          onOpenChange={setMenuOpen}
          triggerClassName={hamburger}
          title="Menu"
          header={logo(closeMenu)}
          className={narrowOnly}
        >
          <nav aria-label="Main">
            <ul className={panelLinks}>
              {items.map((item) => (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    className={panelLink}
                    aria-current={currentPage(item.href, currentPath)}
                    onClick={closeMenu}
                  >
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className={panelActions}>
            <Button asChild fullWidth onClick={closeMenu}>
              <Link href={signUpHref}>Sign up</Link>
            </Button>
            <Button asChild variant="secondary" fullWidth onClick={closeMenu}>
              <Link href={signInHref}>Sign in</Link>
            </Button>
          </div>
        </MenuSheet>
      </div>
    </header>
  );
}
