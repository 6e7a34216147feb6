import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ComponentPropsWithRef } from 'react';
import { expect, fn, waitFor } from 'storybook/test';
import { Logo } from './Logo';

/**
 * The product's mark and name. Put it at the start of the navigation bar, the footer and the
 * dashboard, linking home (`href="/"`, or `asChild` around a router's link); on auth pages it is the
 * only way back home. The name comes from the site's configuration through `productName`.
 */
const meta = {
  title: 'Product/Logo',
  component: Logo,
  args: { productName: 'Ledgerline' },
} satisfies Meta<typeof Logo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Text only: not a link. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Ledgerline')).toBeVisible();
    await expect(canvas.queryByRole('link')).toBeNull();
  },
};

/** A link home, reached with Tab, named by the product. */
export const LinksHome: Story = {
  args: { href: '/' },
  play: async ({ canvas, userEvent }) => {
    const link = canvas.getByRole('link', { name: 'Ledgerline' });
    await expect(link).toHaveAttribute('href', '/');
    await userEvent.tab();
    await waitFor(() => expect(link).toHaveFocus());
  },
};

const navigate = fn();

/** Stands in for a router's link: records where it would go instead of leaving the story. */
function RouterLink({ to, ...props }: ComponentPropsWithRef<'a'> & { to: string }) {
  return (
    <a
      {...props}
      href={to}
      onClick={(event) => {
        event.preventDefault();
        navigate(to);
      }}
    />
  );
}

/** Around a router's link (`asChild`): the mark and the name go inside it. */
export const AsChild: Story = {
  args: { asChild: true, children: <RouterLink to="/" /> },
  play: async ({ canvas, userEvent }) => {
    const link = canvas.getByRole('link', { name: 'Ledgerline' });
    await userEvent.click(link);
    await expect(navigate).toHaveBeenCalledWith('/');
  },
};

/** Another product name, from the site's configuration. */
export const ProductName: Story = {
  args: { productName: 'Northwind Invest', href: '/' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Northwind Invest' })).toBeVisible();
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16, alignItems: 'flex-start' }}>
      <Logo {...args} size="sm" />
      <Logo {...args} size="md" />
      <Logo {...args} size="lg" />
    </div>
  ),
  play: async ({ canvas }) => {
    const [small, , large] = canvas.getAllByText('Ledgerline');
    if (!small || !large) throw new Error('expected three logos');
    await expect(large.getBoundingClientRect().height).toBeGreaterThan(small.getBoundingClientRect().height);
  },
};
