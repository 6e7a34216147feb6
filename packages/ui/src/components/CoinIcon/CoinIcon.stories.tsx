import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { vars } from '../../theme/contract.css';
import { CoinIcon } from './CoinIcon';

/**
 * The marks of the payment methods: bitcoin, ethereum and usdt beside coin choices and wallets,
 * all four (with mastercard) in the footer. Named by default; pass `title={null}` when the name is
 * written next to it, so screen readers do not hear it twice.
 */
const meta = {
  title: 'Money/CoinIcon',
  component: CoinIcon,
  args: { coin: 'bitcoin' },
} satisfies Meta<typeof CoinIcon>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Bitcoin' })).toBeVisible();
  },
};

/** The footer's payment methods. */
export const PaymentMethods: Story = {
  args: { size: 'xl' },
  render: (args) => (
    <div style={{ display: 'flex', gap: vars.space.xl, alignItems: 'center' }}>
      <CoinIcon {...args} coin="bitcoin" />
      <CoinIcon {...args} coin="ethereum" />
      <CoinIcon {...args} coin="usdt" />
      <CoinIcon {...args} coin="mastercard" />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('img')).toHaveLength(4);
    for (const name of ['Bitcoin', 'Ethereum', 'USDT', 'Mastercard']) {
      await expect(canvas.getByRole('img', { name })).toBeVisible();
    }
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: vars.space.lg, alignItems: 'center' }}>
      <CoinIcon {...args} size="sm" title="Bitcoin, small" />
      <CoinIcon {...args} size="md" title="Bitcoin, medium" />
      <CoinIcon {...args} size="lg" title="Bitcoin, large" />
      <CoinIcon {...args} size="xl" title="Bitcoin, extra large" />
    </div>
  ),
  play: async ({ canvas }) => {
    const small = canvas.getByRole('img', { name: 'Bitcoin, small' }).getBoundingClientRect();
    const large = canvas.getByRole('img', { name: 'Bitcoin, extra large' }).getBoundingClientRect();
    await expect(small.width).toBe(16);
    await expect(large.width).toBe(48);
  },
};

/** Beside its written name the icon is decorative: screen readers hear "Ethereum" once. */
export const Decorative: Story = {
  args: { coin: 'ethereum', title: null },
  render: (args) => (
    <span style={{ display: 'inline-flex', gap: vars.space.sm, alignItems: 'center' }}>
      <CoinIcon {...args} />
      Ethereum
    </span>
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.queryByRole('img')).toBeNull();
    const svg = canvasElement.querySelector('svg');
    await expect(svg).toHaveAttribute('aria-hidden', 'true');
    await expect(canvas.getByText('Ethereum')).toBeVisible();
  },
};
