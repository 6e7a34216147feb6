import { mocks } from '@ledgerline/api-client/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { withRouter } from '../../testing/storyRouter';
import { RevertEmailChangeScreen } from './RevertEmailChangeScreen';

/** /revert-email-change?token=: a spinner, then the outcome. */
const meta = {
  title: 'Site/Auth/RevertEmailChange',
  component: RevertEmailChangeScreen,
  decorators: [withRouter('/revert-email-change')],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof RevertEmailChangeScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

// Each story its own token: the screen sends one request per token, however often it mounts.
export const Pending: Story = {
  args: { token: 'story-revert-pending' },
  beforeEach({ msw }) {
    msw.use(mocks.revertEmailChange.slow());
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Changing your email back' })).toBeVisible();
    await expect(canvas.getByRole('status', { name: 'Changing your email back' })).toBeVisible();
  },
};

export const Done: Story = {
  args: { token: 'story-revert-done' },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Your email is changed back' }),
    ).toBeVisible();
    await expect(
      canvas.getByText(
        'Your email is jane@example.com again, and every session is signed out. Reset your password now.',
      ),
    ).toBeVisible();
    await expect(canvas.getByText(/Withdrawals are paused for now/)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/sign-in');
  },
};

export const Failed: Story = {
  args: { token: 'story-revert-failed' },
  beforeEach({ msw }) {
    msw.use(
      mocks.revertEmailChange.error(
        400,
        'This link has expired. Reset your password from the sign-in page, and write to support.',
      ),
    );
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'We could not change your email back' }),
    ).toBeVisible();
    await expect(
      canvas.getByText(
        'This link has expired. Reset your password from the sign-in page, and write to support.',
      ),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go Back to Homepage' })).toHaveAttribute('href', '/');
  },
};

export const IncompleteLink: Story = {
  args: {},
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'We could not change your email back' }),
    ).toBeVisible();
    await expect(canvas.getByText('This link is incomplete. Open it exactly as it was sent.')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go Back to Homepage' })).toBeVisible();
  },
};
