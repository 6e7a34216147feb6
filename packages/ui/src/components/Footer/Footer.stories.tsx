import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { navigate, StoryLink } from '../NavBar/storyLink';
import { storyFooterNavigation } from '../NavBar/storyNavigation';
import { Footer } from './Footer';

/**
 * The public site's footer: logo home, its seven links, the support mailbox, the
 * payment methods (bitcoin, ethereum, usdt, mastercard) and "© 2020 <product>. All rights
 * reserved.". Pass the router's link through `linkComponent`, like `NavBar`.
 */
const meta = {
  title: 'Product/Footer',
  component: Footer,
  args: {
    ...storyFooterNavigation,
    supportEmail: 'support@ledgerline.example',
    tagline: 'Automated crypto investing, with every deposit, withdrawal and profit on your record.',
    linkComponent: StoryLink,
  },
  parameters: { layout: 'fullscreen' },
  beforeEach: () => {
    navigate.mockClear();
  },
} satisfies Meta<typeof Footer>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Wide: brand, links and payment methods side by side. */
export const Wide: Story = {
  parameters: { screenshot: { width: 1280, height: 360 } },
  play: async ({ canvas, userEvent }) => {
    const footer = canvas.getByRole('contentinfo');
    await expect(within(footer).getByRole('link', { name: 'Ledgerline' })).toHaveAttribute('href', '/');
    const nav = within(footer).getByRole('navigation', { name: 'Company' });
    const links = within(nav).getAllByRole('link');
    await expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['About Us', '/about-us'],
      ['Contact Us', '/contact-us'],
      ['Privacy Policy', '/privacy-policy'],
      ['Regulation', '/regulations'],
      ['Terms of Service', '/terms-of-service'],
      ['Reviews', '/reviews'],
    ]);
    await expect(within(footer).getByRole('link', { name: 'support@ledgerline.example' })).toHaveAttribute(
      'href',
      'mailto:support@ledgerline.example',
    );
    const methods = within(footer).getByRole('list', { name: 'Payment methods' });
    await expect(
      within(methods)
        .getAllByRole('img')
        .map((image) => image.textContent),
    ).toEqual(['Bitcoin', 'Ethereum', 'USDT', 'Mastercard']);
    await expect(footer).toHaveTextContent('© 2020 Ledgerline. All rights reserved.');
    await userEvent.click(within(nav).getByRole('link', { name: 'Privacy Policy' }));
    await expect(navigate).toHaveBeenCalledWith('/privacy-policy');
  },
};

/** Narrow: the columns stack. */
export const Narrow: Story = {
  parameters: { screenshot: { width: 375, height: 640 } },
  play: async ({ canvas }) => {
    const brand = canvas.getByRole('link', { name: 'Ledgerline' });
    const nav = canvas.getByRole('navigation', { name: 'Company' });
    await expect(nav.getBoundingClientRect().top).toBeGreaterThan(brand.getBoundingClientRect().bottom);
  },
};

/** On a footer page, its link is marked as the current page. */
export const CurrentPage: Story = {
  args: { currentPath: '/terms-of-service' },
  parameters: { screenshot: { width: 1280, height: 360 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(canvas.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  },
};

/** The product's name comes from the site's configuration, in the logo and the copyright line. */
export const ProductName: Story = {
  args: { productName: 'Northwind Invest', supportEmail: 'help@northwind.example', tagline: undefined },
  parameters: { screenshot: { width: 1280, height: 360 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Northwind Invest' })).toBeVisible();
    await expect(canvas.getByText('© 2020 Northwind Invest. All rights reserved.')).toBeVisible();
  },
};
