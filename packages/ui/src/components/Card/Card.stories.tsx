import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { vars } from '../../theme/contract.css';
import { Button } from '../Button/Button';
import { Card } from './Card';

/**
 * A Card groups what belongs together on a screen (a balance, a form, a short list) on a raised
 * surface. Give it a `title` (and an `action`, such as "View all") when the group needs a name.
 */
const meta = {
  title: 'Structure/Card',
  component: Card,
  args: {
    children: (
      <p style={{ color: vars.color.textMuted }}>
        Your balance is updated at the end of every trading day. Deposits are credited once approved.
      </p>
    ),
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 480 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Card>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/updated at the end of every trading day/)).toBeVisible();
    await expect(canvas.queryByRole('heading')).toBeNull();
  },
};

export const WithTitleAndAction: Story = {
  args: {
    title: 'Total balance',
    action: (
      <Button asChild variant="ghost" size="sm">
        <a href="/dashboard/transaction-history">View history</a>
      </Button>
    ),
    children: (
      <p
        style={{
          fontSize: vars.fontSize.xxxl,
          fontWeight: vars.fontWeight.bold,
          fontVariantNumeric: 'tabular-nums',
        }}
      >
        12,480.50 USD
      </p>
    ),
  },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { level: 2, name: 'Total balance' })).toBeVisible();
    await userEvent.tab();
    await waitFor(() => expect(canvas.getByRole('link', { name: 'View history' })).toHaveFocus());
  },
};

export const Flush: Story = {
  args: {
    padding: 'none',
    title: 'Recent deposits',
    titleAs: 'h3',
    children: (
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {['Bitcoin · 1,250.00 USD', 'USDT · 400.00 USD', 'Ethereum · 80.00 USD'].map((line) => (
          <li
            key={line}
            style={{
              padding: `${vars.space.md} ${vars.space.lg}`,
              borderTop: `${vars.size.borderWidth} solid ${vars.color.border}`,
              fontVariantNumeric: 'tabular-nums',
            }}
          >
            {line}
          </li>
        ))}
      </ul>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 3, name: 'Recent deposits' })).toBeVisible();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(3);
  },
};
