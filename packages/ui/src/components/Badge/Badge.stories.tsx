import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Badge } from './Badge';

/**
 * A short, static label: an account tier, a coin's network, a count. It is not interactive.
 * For the state of a request (pending, approved, rejected) use `StatusBadge`, which adds the icon.
 */
const meta = {
  title: 'Feedback/Badge',
  component: Badge,
  args: { children: 'Gold tier' },
} satisfies Meta<typeof Badge>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Gold tier')).toBeVisible();
  },
};

export const Tones: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      <Badge {...args} tone="neutral">
        Neutral
      </Badge>
      <Badge {...args} tone="accent">
        ERC-20
      </Badge>
      <Badge {...args} tone="success">
        Verified
      </Badge>
      <Badge {...args} tone="warning">
        Awaiting review
      </Badge>
      <Badge {...args} tone="danger">
        Blocked
      </Badge>
      <Badge {...args} tone="info">
        New
      </Badge>
    </div>
  ),
  play: async ({ canvas }) => {
    for (const text of ['Neutral', 'ERC-20', 'Verified', 'Awaiting review', 'Blocked', 'New']) {
      await expect(canvas.getByText(text)).toBeVisible();
    }
  },
};
