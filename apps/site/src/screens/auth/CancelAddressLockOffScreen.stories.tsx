import { mocks } from '@ledgerline/api-client/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { withRouter } from '../../testing/storyRouter';
import { CancelAddressLockOffScreen } from './CancelAddressLockOffScreen';

/** /cancel-address-lock-off?token=: a spinner, then the outcome. */
const meta = {
  title: 'Site/Auth/CancelAddressLockOff',
  component: CancelAddressLockOffScreen,
  decorators: [withRouter('/cancel-address-lock-off')],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof CancelAddressLockOffScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

// Each story its own token: the screen sends one request per token, however often it mounts.
export const Pending: Story = {
  args: { token: 'story-lock-pending' },
  beforeEach({ msw }) {
    msw.use(mocks.cancelWithdrawalAddressLockOff.slow());
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Keeping the lock on' })).toBeVisible();
    await expect(canvas.getByRole('status', { name: 'Keeping the lock on' })).toBeVisible();
  },
};

export const Done: Story = {
  args: { token: 'story-lock-done' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'The lock stays on' })).toBeVisible();
    await expect(
      canvas.getByText('The lock stays on. Withdrawals may go only to your saved addresses.'),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/sign-in');
  },
};

export const Failed: Story = {
  args: { token: 'story-lock-failed' },
  beforeEach({ msw }) {
    msw.use(
      mocks.cancelWithdrawalAddressLockOff.error(
        400,
        'The lock is already off: this link came too late. Turn the lock on again from Profile → Security.',
      ),
    );
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'We could not keep the lock on' }),
    ).toBeVisible();
    await expect(
      canvas.getByText(
        'The lock is already off: this link came too late. Turn the lock on again from Profile → Security.',
      ),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go Back to Homepage' })).toHaveAttribute('href', '/');
  },
};

export const IncompleteLink: Story = {
  args: {},
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'We could not keep the lock on' }),
    ).toBeVisible();
    await expect(canvas.getByText('This link is incomplete. Open it exactly as it was sent.')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go Back to Homepage' })).toBeVisible();
  },
};
