import { clsx } from 'clsx';
import { DropdownMenu } from 'radix-ui';
import {
  type ComponentPropsWithRef,
  type ComponentType,
  type MouseEvent,
  type ReactNode,
  useEffect,
  useId,
  useState,
} from 'react';
import { ChevronDownLightIcon, LogoutIcon, SettingsIcon } from '../../icons/icons';
import { media } from '../../theme/breakpoints';
import { Button } from '../Button/Button';
import { Logo } from '../Logo/Logo';
import { MenuSheet } from '../NavBar/MenuSheet';
import { currentPage, type LinkComponent, type NavItem } from '../NavBar/navLink';
import { initialsOf } from '../Testimonial/initials';
import { type TickerItem, TickerTape } from '../TickerTape/TickerTape';
import {
  avatar,
  brandArea,
  buttonContent,
  chevron,
  column,
  hamburgerArea,
  main,
  menu,
  menuIcon,
  menuItem,
  menuSeparator,
  navCount,
  navIcon,
  navLink,
  navList,
  panelFooter,
  panelUser,
  shell,
  sidebar,
  sidebarBrand,
  skipLink,
  tickerArea,
  topBar,
  userArea,
  userName as userNameStyle,
  userTrigger,
} from './DashboardShell.css';

/** A link of the dashboard's navigation, with its icon. */
export type DashboardNavItem<Href extends string = string> = NavItem<Href> & {
  icon: ComponentType<{ className?: string }>;
  /**
   * A count beside the label (what waits in a queue) and the words a screen reader says for it
   * ("3 waiting"); none, or a count of 0, shows nothing.
   */
  count?: { value: number; label: string };
};

export type DashboardShellProps<Href extends string = string> = Omit<
  ComponentPropsWithRef<'div'>,
  'children'
> & {
  /** The dashboard's pages, in order, for the sidebar and the phone menu. */
  items: readonly DashboardNavItem<Href>[];
  /** Where the logo links to (the dashboard's first page). */
  homeHref: Href;
  /** Where the user menu's "Account Settings" goes; without it the menu has Logout only. */
  settingsHref?: Href;
  /** The signed-in person's name, in the top bar and the mobile panel. */
  userName: string;
  /** Called by "Logout" (user menu or mobile panel); the site removes the session and goes to /sign-in. */
  onLogout: () => void;
  /** The markets of the top bar's ticker; none hides it. @default [] */
  tickerItems?: readonly TickerItem[];
  /** The path of the page shown; its link gets `aria-current="page"`. @default undefined */
  currentPath?: string;
  /** Renders every link: `'a'`, or a wrapper around the router's `Link` (see `LinkComponent`). @default 'a' */
  linkComponent?: LinkComponent<Href>;
  /** The product's name, beside the logo. @default 'Ledgerline' */
  productName?: string;
  /** The id of the `<main>`, the skip link's target. @default 'dashboard-content' */
  mainId?: string;
  /** The page's content, rendered in `<main>`. */
  children: ReactNode;
};

/**
 * One link of the navigation. Its count is shown after the label and given to screen readers as the
 * link's description ("3 waiting for review"), so the link's name stays its label.
 */
function NavEntry<Href extends string>({
  item: { label, href, icon: Icon, count },
  Link,
  currentPath,
  onNavigate,
}: {
  item: DashboardNavItem<Href>;
  Link: LinkComponent<Href>;
  currentPath?: string;
  onNavigate?: () => void;
}) {
  const countId = useId();
  const counted = count !== undefined && count.value > 0;
  return (
    <li>
      <Link
        href={href}
        className={navLink}
        aria-current={currentPage(href, currentPath)}
        aria-describedby={counted ? countId : undefined}
        onClick={onNavigate}
      >
        <Icon className={navIcon} />
        {label}
        {counted && (
          <>
            <span className={navCount} aria-hidden="true">
              {count.value}
            </span>
            <span id={countId} hidden>
              {count.label}
            </span>
          </>
        )}
      </Link>
    </li>
  );
}

function NavLinks<Href extends string>({
  items,
  Link,
  currentPath,
  onNavigate,
}: {
  items: readonly DashboardNavItem<Href>[];
  Link: LinkComponent<Href>;
  currentPath?: string;
  onNavigate?: () => void;
}) {
  return (
    <ul className={navList}>
      {items.map((item) => (
        <NavEntry key={item.href} item={item} Link={Link} currentPath={currentPath} onNavigate={onNavigate} />
      ))}
    </ul>
  );
}

/**
 * The signed-in frame of every dashboard page: a sidebar of the site's pages (from 1024 px), a top
 * bar with the market ticker and the person's menu (Account Settings, Logout), and below 1024 px a
 * hamburger opening the same links with the person's name and Logout. The page goes in `<main>`,
 * which a "Skip to content" link reaches first.
 */
export function DashboardShell<Href extends string>({
  items,
  homeHref,
  settingsHref,
  userName,
  onLogout,
  tickerItems = [],
  currentPath,
  linkComponent: Link = 'a',
  productName = 'Ledgerline',
  mainId = 'dashboard-content',
  children,
  className,
  ...rest
}: DashboardShellProps<Href>) {
  // The dashboard's navigation panels always start closed.
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);
  const initials = initialsOf(userName);

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

  // Moves focus to the content without changing the URL (a router would treat the hash as a route).
  const skipToContent = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(mainId);
    if (!target) return;
    event.preventDefault();
    target.focus();
    target.scrollIntoView();
  };

  const logo = (onClick?: () => void) => (
    <Logo asChild productName={productName} size="sm">
      <Link href={homeHref} onClick={onClick} />
    </Logo>
  );

  return (
    <div className={clsx(shell, className)} {...rest}>
      <a href={`#${mainId}`} className={skipLink} onClick={skipToContent}>
        Skip to content
      </a>
      <div className={sidebar}>
        <div className={sidebarBrand}>{logo()}</div>
        <nav aria-label="Dashboard">
          <NavLinks items={items} Link={Link} currentPath={currentPath} />
        </nav>
      </div>
      <div className={column}>
        <header className={topBar}>
          <div className={hamburgerArea}>
            <MenuSheet
              open={menuOpen}
              onOpenChange={setMenuOpen}
              title="Menu"
              header={logo(closeMenu)}
              side="left"
            >
              <p className={panelUser}>
                <span className={avatar} aria-hidden="true">
                  {initials}
                </span>
                {userName}
              </p>
              <nav aria-label="Dashboard">
                <NavLinks items={items} Link={Link} currentPath={currentPath} onNavigate={closeMenu} />
              </nav>
              <div className={panelFooter}>
                <Button
                  variant="secondary"
                  fullWidth
                  onClick={() => {
                    closeMenu();
                    onLogout();
                  }}
                >
                  <span className={buttonContent}>
                    <LogoutIcon className={menuIcon} />
                    Logout
                  </span>
                </Button>
              </div>
            </MenuSheet>
          </div>
          <div className={brandArea}>{logo()}</div>
          {tickerItems.length > 0 && (
            <div className={tickerArea}>
              <TickerTape items={tickerItems} />
            </div>
          )}
          <div className={userArea}>
            {/* Not modal: a menu hides nothing else on the page (a modal one would hide the page from
                screen readers while it is open, focusable links included). */}
            <DropdownMenu.Root modal={false}>
              <DropdownMenu.Trigger className={userTrigger}>
                <span className={avatar} aria-hidden="true">
                  {initials}
                </span>
                <span className={userNameStyle}>{userName}</span>
                <ChevronDownLightIcon className={chevron} />
              </DropdownMenu.Trigger>
              <DropdownMenu.Portal>
                <DropdownMenu.Content className={menu} align="end" sideOffset={6}>
                  {settingsHref !== undefined && (
                    <>
                      <DropdownMenu.Item asChild className={menuItem}>
                        <Link href={settingsHref}>
                          <SettingsIcon className={menuIcon} />
                          Account Settings
                        </Link>
                      </DropdownMenu.Item>
                      <DropdownMenu.Separator className={menuSeparator} />
                    </>
                  )}
                  <DropdownMenu.Item className={menuItem} onSelect={onLogout}>
                    <LogoutIcon className={menuIcon} />
                    Logout
                  </DropdownMenu.Item>
                </DropdownMenu.Content>
              </DropdownMenu.Portal>
            </DropdownMenu.Root>
          </div>
        </header>
        <main id={mainId} tabIndex={-1} className={main}>
          {children}
        </main>
      </div>
    </div>
  );
}
