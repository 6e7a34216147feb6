import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { vars } from '../../theme/contract.css';
import { NavBar } from './NavBar';
import { navigate, StoryLink } from './storyLink';
import { storyPublicNavigation } from './storyNavigation';

const wide = { width: 1280, height: 200 };
const narrow = { width: 375, height: 160 };
const narrowOpen = { width: 375, height: 640 };

/**
 * The public site's navigation bar (banner landmark): logo home, Home, About Us, Reviews,
 * Regulation, Contact Us, then Sign up and Sign in. Below 1024 px a hamburger opens the same links in
 * a side panel. Pass the router's link through `linkComponent` and the current path through
 * `currentPath`. Scrolled past 80 px the bar sticks to the top (`data-fixed`).
 */
const meta = {
  title: 'Product/NavBar',
  component: NavBar,
  args: { ...storyPublicNavigation, currentPath: '/about-us', linkComponent: StoryLink },
  parameters: { layout: 'fullscreen' },
  beforeEach: () => {
    navigate.mockClear();
  },
} satisfies Meta<typeof NavBar>;
export default meta;
type Story = StoryObj<typeof meta>;

const linkNames = ['Home', 'About Us', 'Reviews', 'Regulation', 'Contact Us'];
const linkHrefs = ['/', '/about-us', '/reviews', '/regulations', '/contact-us'];

/** Wide: every link in the bar, the current page marked. */
export const Wide: Story = {
  parameters: { screenshot: wide },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('banner')).not.toHaveAttribute('data-fixed');
    await expect(canvas.getByRole('link', { name: 'Ledgerline' })).toHaveAttribute('href', '/');
    const nav = canvas.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    await expect(links.map((link) => link.textContent)).toEqual(linkNames);
    await expect(links.map((link) => link.getAttribute('href'))).toEqual(linkHrefs);
    await expect(within(nav).getByRole('link', { name: 'About Us' })).toHaveAttribute('aria-current', 'page');
    await expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    await expect(canvas.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/sign-up');
    await expect(canvas.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
    await expect(canvas.queryByRole('button', { name: 'Open menu' })).toBeNull();
    // Links go through the link component (a router's Link in the site).
    await userEvent.click(within(nav).getByRole('link', { name: 'Reviews' }));
    await expect(navigate).toHaveBeenCalledWith('/reviews');
  },
};

/** Narrow: the logo and the hamburger; the links wait in the closed panel. */
export const Narrow: Story = {
  parameters: { screenshot: narrow },
  play: async ({ canvas }) => {
    const hamburger = canvas.getByRole('button', { name: 'Open menu' });
    await expect(hamburger).toHaveAttribute('aria-expanded', 'false');
    await expect(hamburger).toHaveAttribute('aria-controls');
    await expect(canvas.queryByRole('link', { name: 'About Us' })).toBeNull();
    await expect(canvas.queryByRole('link', { name: 'Sign in' })).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Ledgerline' })).toBeVisible();
  },
};

/** Opens the panel with a click and returns it. */
async function openMenu(hamburger: HTMLElement, click: (element: HTMLElement) => Promise<void>) {
  await click(hamburger);
  const panel = await screen.findByRole('dialog', { name: 'Menu' });
  await expect(hamburger).toHaveAttribute('aria-expanded', 'true');
  await expect(hamburger.getAttribute('aria-controls')).toBe(panel.id);
  return panel;
}

/** Narrow, menu open: the same links and buttons in a side panel over the dimmed page. */
export const NarrowMenuOpen: Story = {
  parameters: { screenshot: narrowOpen },
  play: async ({ canvas, userEvent }) => {
    const panel = await openMenu(canvas.getByRole('button', { name: 'Open menu' }), (element) =>
      userEvent.click(element),
    );
    const nav = within(panel).getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    await expect(links.map((link) => link.textContent)).toEqual(linkNames);
    for (const link of links) await expect(link).toBeVisible();
    await expect(within(nav).getByRole('link', { name: 'About Us' })).toHaveAttribute('aria-current', 'page');
    await expect(within(panel).getByRole('link', { name: 'Sign up' })).toBeVisible();
    await expect(within(panel).getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(within(panel).getByRole('button', { name: 'Close menu' })).toBeVisible();
  },
};

/** Any link closes the panel (and goes to its page). */
export const NarrowLinkClosesMenu: Story = {
  parameters: { screenshot: narrow },
  play: async ({ canvas, userEvent }) => {
    const panel = await openMenu(canvas.getByRole('button', { name: 'Open menu' }), (element) =>
      userEvent.click(element),
    );
    await userEvent.click(within(panel).getByRole('link', { name: 'Contact Us' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(navigate).toHaveBeenCalledWith('/contact-us');
    await expect(canvas.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  },
};

/** The buttons close it too. */
export const NarrowSignInClosesMenu: Story = {
  parameters: { screenshot: narrow },
  play: async ({ canvas, userEvent }) => {
    const panel = await openMenu(canvas.getByRole('button', { name: 'Open menu' }), (element) =>
      userEvent.click(element),
    );
    await userEvent.click(within(panel).getByRole('link', { name: 'Sign in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(navigate).toHaveBeenCalledWith('/sign-in');
  },
};

/** The close button closes it; focus goes back to the hamburger. */
export const NarrowCloseButton: Story = {
  parameters: { screenshot: narrow },
  play: async ({ canvas, userEvent }) => {
    const hamburger = canvas.getByRole('button', { name: 'Open menu' });
    const panel = await openMenu(hamburger, (element) => userEvent.click(element));
    await userEvent.click(within(panel).getByRole('button', { name: 'Close menu' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(hamburger).toHaveFocus());
    await expect(navigate).not.toHaveBeenCalled();
  },
};

/** Keyboard: Enter on the hamburger opens it, Tab stays inside, Escape closes it, focus returns. */
export const NarrowKeyboard: Story = {
  parameters: { screenshot: narrow },
  play: async ({ canvas, userEvent }) => {
    const hamburger = canvas.getByRole('button', { name: 'Open menu' });
    await userEvent.tab();
    await userEvent.tab();
    await waitFor(() => expect(hamburger).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    const panel = await screen.findByRole('dialog', { name: 'Menu' });
    // Focus moves into the panel and stays there.
    await waitFor(() => expect(panel.contains(document.activeElement)).toBe(true));
    for (let step = 0; step < 10; step++) {
      await userEvent.tab();
      await expect(panel.contains(document.activeElement)).toBe(true);
    }
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(hamburger).toHaveFocus());
    await expect(hamburger).toHaveAttribute('aria-expanded', 'false');
  },
};

/** Scrolled past 80 px: the bar sticks to the top with a solid background and a shadow. */
export const Scrolled: Story = {
  parameters: { screenshot: { width: 1280, height: 600 } },
  beforeEach: () => {
    // The window's scroll outlives the story: put it back for the next one.
    return () => window.scrollTo(0, 0);
  },
  render: (args) => (
    <div>
      <NavBar {...args} />
      <main style={{ maxWidth: 760, margin: '0 auto', padding: vars.space.xl }}>
        {Array.from({ length: 12 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static filler
          <section key={index} style={{ marginBottom: vars.space.xxl }}>
            <h2 style={{ fontSize: vars.fontSize.xl, marginBottom: vars.space.sm }}>Section {index + 1}</h2>
            <p style={{ color: vars.color.textMuted, lineHeight: vars.lineHeight.relaxed }}>
              Deposit Bitcoin, Ethereum or USDT, follow every entry on your balance, and request withdrawals
              from your dashboard. Every withdrawal is reviewed before it leaves your account.
            </p>
          </section>
        ))}
      </main>
    </div>
  ),
  play: async ({ canvas }) => {
    const bar = canvas.getByRole('banner');
    await expect(bar).not.toHaveAttribute('data-fixed');
    // Not yet: 80 px is the threshold, and more than it is needed.
    window.scrollTo(0, 80);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(bar).not.toHaveAttribute('data-fixed');
    window.scrollTo(0, 200);
    await waitFor(() => expect(bar).toHaveAttribute('data-fixed'));
    // Stuck at the top of the window.
    await waitFor(() => expect(Math.round(bar.getBoundingClientRect().top)).toBe(0));
    await expect(getComputedStyle(bar).position).toBe('sticky');
  },
};
