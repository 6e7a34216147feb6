import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { Button } from '../Button/Button';
import { EmptyState } from './EmptyState';

/**
 * Use an EmptyState where a list or panel would be empty (no transactions, no referrals yet): it
 * says what is missing and, when there is one, offers the next step. Not for errors.
 */
const meta = {
  title: 'Feedback/EmptyState',
  component: EmptyState,
  args: { title: 'No transactions yet' },
} satisfies Meta<typeof EmptyState>;
export default meta;
type Story = StoryObj<typeof meta>;

export const TransactionHistory: Story = {
  args: {
    title: 'No transactions yet',
    description: 'You currently do not have any transaction history',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'No transactions yet' })).toBeVisible();
    await expect(canvas.getByText('You currently do not have any transaction history')).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

export const WithAction: Story = {
  args: {
    title: 'No referrals yet',
    description: 'Share your referral link with friends and earn a bonus when they sign up and invest.',
    action: (
      <Button asChild>
        <a href="/dashboard/referral-program">Invite friends</a>
      </Button>
    ),
  },
  play: async ({ canvas, userEvent }) => {
    const link = canvas.getByRole('link', { name: 'Invite friends' });
    await expect(link).toHaveAttribute('href', '/dashboard/referral-program');
    await userEvent.tab();
    await waitFor(() => expect(link).toHaveFocus());
  },
};

export const TitleOnly: Story = {
  args: { title: 'Nothing to show', titleAs: 'p' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Nothing to show')).toBeVisible();
    await expect(canvas.queryByRole('heading')).toBeNull();
  },
};
