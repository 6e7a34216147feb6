import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { StatusBadge } from './StatusBadge';

/**
 * The state of a deposit, withdrawal or KYC request, in a transaction list or a detail view. It
 * always shows the words and an icon, so the state never depends on seeing colour.
 */
const meta = {
  title: 'Feedback/StatusBadge',
  component: StatusBadge,
  args: { status: 'pending' },
} satisfies Meta<typeof StatusBadge>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Asserts the badge says its state in words and carries an icon beside them. */
async function expectWordsAndIcon(element: HTMLElement) {
  await expect(element).toBeVisible();
  const icon = element.querySelector('svg');
  await expect(icon).not.toBeNull();
  await expect(icon).toHaveAttribute('aria-hidden', 'true');
}

export const Pending: Story = {
  play: async ({ canvas }) => {
    await expectWordsAndIcon(canvas.getByText('Pending'));
  },
};

export const Approved: Story = {
  args: { status: 'approved' },
  play: async ({ canvas }) => {
    await expectWordsAndIcon(canvas.getByText('Approved'));
  },
};

export const Rejected: Story = {
  args: { status: 'rejected' },
  play: async ({ canvas }) => {
    await expectWordsAndIcon(canvas.getByText('Rejected'));
  },
};

/** Called off by the one who asked (a withdrawal its owner cancelled): nothing moved in the end. */
export const Cancelled: Story = {
  args: { status: 'cancelled' },
  play: async ({ canvas }) => {
    await expectWordsAndIcon(canvas.getByText('Cancelled'));
  },
};

export const AllStatuses: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      <StatusBadge {...args} status="pending" />
      <StatusBadge {...args} status="approved" />
      <StatusBadge {...args} status="rejected" />
      <StatusBadge {...args} status="cancelled" />
      <StatusBadge {...args} status="completed" />
      <StatusBadge {...args} status="failed" />
    </div>
  ),
  play: async ({ canvas }) => {
    for (const word of ['Pending', 'Approved', 'Rejected', 'Cancelled', 'Completed', 'Failed']) {
      await expectWordsAndIcon(canvas.getByText(word));
    }
    // Each state has its own glyph, so the icons alone tell pending, approved, rejected and cancelled apart.
    const shapes = ['Pending', 'Approved', 'Rejected', 'Cancelled'].map(
      (word) => canvas.getByText(word).querySelector('svg')?.innerHTML,
    );
    await expect(new Set(shapes).size).toBe(4);
  },
};

export const CustomLabel: Story = {
  args: { status: 'pending', label: 'Awaiting approval' },
  play: async ({ canvas }) => {
    await expectWordsAndIcon(canvas.getByText('Awaiting approval'));
    await expect(canvas.queryByText('Pending')).toBeNull();
  },
};
