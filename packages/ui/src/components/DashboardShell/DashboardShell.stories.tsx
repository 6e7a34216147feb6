import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { vars } from '../../theme/contract.css';
import { navigate, StoryLink } from '../NavBar/storyLink';
import { storyDashboardNavigation } from '../NavBar/storyNavigation';
import { StatTile } from '../StatTile/StatTile';
import type { TickerItem } from '../TickerTape/TickerTape';
import { DashboardShell } from './DashboardShell';

const markets: TickerItem[] = [
  { symbol: 'BTC', name: 'Bitcoin', price: 67234.12, change24h: 2.3147 },
  { symbol: 'ETH', name: 'Ethereum', price: 3501.88, change24h: -1.2049 },
  { symbol: 'USDT', name: 'Tether', price: 1.0002, change24h: 0.001 },
  { symbol: 'BNB', name: 'BNB', price: 598.4, change24h: 0.8421 },
  { symbol: 'SOL', name: 'Solana', price: 171.03, change24h: 5.6712 },
  { symbol: 'XRP', name: 'XRP', price: 0.5234, change24h: -3.4087 },
  { symbol: 'DOGE', name: 'Dogecoin', price: 0.1623, change24h: 1.05 },
  { symbol: 'ADA', name: 'Cardano', price: 0.4589, change24h: -0.7731 },
];

/** A stand-in page: what the overview puts in the frame. */
function OverviewPage() {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: vars.space.xl }}>
      <h1 style={{ fontSize: vars.fontSize.xxxl, fontWeight: vars.fontWeight.bold }}>Overview</h1>
      <div
        style={{
          display: 'grid',
          gap: vars.space.lg,
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 14rem), 1fr))',
        }}
      >
        <StatTile label="Total Deposits" amount={12500} />
        <StatTile label="Total Profit" amount={1840.25} />
        <StatTile label="Pending Withdrawals" amount={250} />
      </div>
    </div>
  );
}

const wide = { width: 1280, height: 800 };
const narrow = { width: 375, height: 800 };

const pageNames = [
  'Overview',
  'Profile',
  'Deposit',
  'Withdrawal',
  'Trading Plans',
  'KYC',
  'Referral Program',
  'Transaction History',
];
const pageHrefs = [
  '/dashboard/overview',
  '/dashboard/profile',
  '/dashboard/deposit',
  '/dashboard/withdrawal',
  '/dashboard/trading-plans',
  '/dashboard/kyc',
  '/dashboard/referral-program',
  '/dashboard/transaction-history',
];

/**
 * The frame of every signed-in page: the sidebar of the eight dashboard pages (from 1024 px), the
 * top bar with the market ticker and the person's menu (Account Settings, Logout), and on narrow
 * screens a hamburger opening the same links with the person's name and Logout. The page goes in
 * `children`, inside `<main>`; "Skip to content" is the first thing Tab reaches.
 */
const meta = {
  title: 'Product/DashboardShell',
  component: DashboardShell,
  args: {
    ...storyDashboardNavigation,
    userName: 'Jane Cooper',
    onLogout: fn(),
    tickerItems: markets,
    currentPath: '/dashboard/overview',
    linkComponent: StoryLink,
    children: <OverviewPage />,
  },
  parameters: { layout: 'fullscreen', screenshot: wide },
  beforeEach: () => {
    navigate.mockClear();
  },
} satisfies Meta<typeof DashboardShell>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Wide: the sidebar with the current page marked, the ticker and the person's menu in the top bar. */
export const Wide: Story = {
  play: async ({ canvas, userEvent }) => {
    const nav = canvas.getByRole('navigation', { name: 'Dashboard' });
    const links = within(nav).getAllByRole('link');
    await expect(links.map((link) => link.textContent)).toEqual(pageNames);
    await expect(links.map((link) => link.getAttribute('href'))).toEqual(pageHrefs);
    for (const link of links) await expect(link.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    await expect(within(nav).getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('region', { name: 'Market prices' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Jane Cooper' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Open menu' })).toBeNull();
    await expect(within(canvas.getByRole('main')).getByRole('heading', { name: 'Overview' })).toBeVisible();
    await userEvent.click(within(nav).getByRole('link', { name: 'Trading Plans' }));
    await expect(navigate).toHaveBeenCalledWith('/dashboard/trading-plans');
  },
};

/** Tab reaches "Skip to content" first; it moves focus to the page. */
export const SkipToContent: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab();
    const skip = canvas.getByRole('link', { name: 'Skip to content' });
    await waitFor(() => expect(skip).toHaveFocus());
    await waitFor(() => expect(skip.getBoundingClientRect().top).toBeGreaterThanOrEqual(0));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(canvas.getByRole('main')).toHaveFocus());
  },
};

/** Narrow: the hamburger and the logo, the ticker below; the links wait in the closed panel. */
export const Narrow: Story = {
  parameters: { screenshot: narrow },
  play: async ({ canvas }) => {
    const hamburger = canvas.getByRole('button', { name: 'Open menu' });
    await expect(hamburger).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByRole('navigation', { name: 'Dashboard' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Jane Cooper' })).toBeNull();
    await expect(canvas.getByRole('region', { name: 'Market prices' })).toBeVisible();
  },
};

async function openPanel(canvasElement: HTMLElement) {
  const hamburger = within(canvasElement).getByRole('button', { name: 'Open menu' });
  await userEvent.click(hamburger);
  const panel = await screen.findByRole('dialog', { name: 'Menu' });
  await expect(hamburger).toHaveAttribute('aria-expanded', 'true');
  return panel;
}

/** Narrow, panel open: the eight links, the person's name and Logout. */
export const NarrowMenuOpen: Story = {
  parameters: { screenshot: narrow },
  play: async ({ canvasElement }) => {
    const panel = await openPanel(canvasElement);
    const links = within(within(panel).getByRole('navigation', { name: 'Dashboard' })).getAllByRole('link');
    await expect(links.map((link) => link.textContent)).toEqual(pageNames);
    for (const link of links) await expect(link).toBeVisible();
    await expect(within(panel).getByText('Jane Cooper')).toBeVisible();
    await expect(within(panel).getByRole('button', { name: 'Logout' })).toBeVisible();
  },
};

/** A link in the panel goes to its page and closes the panel; Escape closes it too. */
export const NarrowMenuCloses: Story = {
  parameters: { screenshot: narrow },
  play: async ({ canvas, canvasElement, userEvent }) => {
    let panel = await openPanel(canvasElement);
    await userEvent.click(within(panel).getByRole('link', { name: 'Deposit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(navigate).toHaveBeenCalledWith('/dashboard/deposit');
    panel = await openPanel(canvasElement);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Open menu' })).toHaveFocus());
  },
};

/** Logout from the mobile panel. */
export const LogoutFromMobileNav: Story = {
  parameters: { screenshot: narrow },
  play: async ({ args, canvasElement, userEvent }) => {
    const panel = await openPanel(canvasElement);
    await userEvent.click(within(panel).getByRole('button', { name: 'Logout' }));
    await expect(args.onLogout).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** Opens the person's menu with the keyboard and returns it. */
async function openUserMenu(trigger: HTMLElement) {
  trigger.focus();
  await userEvent.keyboard('{Enter}');
  const menu = await screen.findByRole('menu');
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  return menu;
}

/** The person's menu, opened with the keyboard: Account Settings (to the profile) and Logout. */
export const UserMenuOpen: Story = {
  play: async ({ canvas }) => {
    const menu = await openUserMenu(canvas.getByRole('button', { name: 'Jane Cooper' }));
    const items = within(menu).getAllByRole('menuitem');
    await expect(items.map((item) => item.textContent)).toEqual(['Account Settings', 'Logout']);
    await expect(items[0]).toHaveAttribute('href', '/dashboard/profile');
    // The first item has focus; the arrows move it.
    await waitFor(() => expect(items[0]).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(items[1]).toHaveFocus());
    await userEvent.keyboard('{ArrowUp}');
    await waitFor(() => expect(items[0]).toHaveFocus());
  },
};

/** Escape closes the menu and gives focus back to its button. */
export const UserMenuEscape: Story = {
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: 'Jane Cooper' });
    await openUserMenu(trigger);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  },
};

/** Account Settings goes to the profile. */
export const AccountSettingsFromMenu: Story = {
  play: async ({ canvas }) => {
    const menu = await openUserMenu(canvas.getByRole('button', { name: 'Jane Cooper' }));
    await waitFor(() =>
      expect(within(menu).getByRole('menuitem', { name: 'Account Settings' })).toHaveFocus(),
    );
    await userEvent.keyboard('{Enter}');
    await expect(navigate).toHaveBeenCalledWith('/dashboard/profile');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  },
};

/** Logout from the person's menu. */
export const LogoutFromMenu: Story = {
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Jane Cooper' }));
    const menu = await screen.findByRole('menu');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Logout' }));
    await expect(args.onLogout).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  },
};

/** No market data: the top bar holds the person's menu alone. */
export const WithoutTicker: Story = {
  args: { tickerItems: [] },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('region', { name: 'Market prices' })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Jane Cooper' })).toBeVisible();
  },
};

/**
 * Counts beside links (what waits in the back office's queues): the number shows at the end of the
 * link, a screen reader hears it in words as the link's description; a count of 0 shows nothing.
 */
export const WithCounts: Story = {
  args: {
    items: storyDashboardNavigation.items.map((item) =>
      item.label === 'Deposit'
        ? { ...item, count: { value: 3, label: '3 waiting for review' } }
        : item.label === 'Withdrawal'
          ? { ...item, count: { value: 0, label: '0 waiting for review' } }
          : item,
    ),
  },
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'Dashboard' });
    // The link's name stays its label; the count is its description.
    await expect(
      within(nav).getByRole('link', { name: 'Deposit', description: '3 waiting for review' }),
    ).toBeVisible();
    await expect(within(nav).getByRole('link', { name: 'Withdrawal' })).not.toHaveAttribute(
      'aria-describedby',
    );
  },
};
