import { mocks } from '@ledgerline/api-client/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { withRouter } from '../../testing/storyRouter';
import { VerifyEmailScreen } from './VerifyEmailScreen';

/** /verify-email?email=&verificationToken=: a spinner, then the outcome. */
const meta = {
  title: 'Site/Auth/VerifyEmail',
  component: VerifyEmailScreen,
  decorators: [withRouter('/verify-email')],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof VerifyEmailScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

// Each story its own token: the screen sends one request per token, however often it mounts.
export const Verifying: Story = {
  args: { email: 'jane@example.com', verificationToken: 'story-verifying' },
  beforeEach({ msw }) {
    msw.use(mocks.verifyEmail.slow());
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Verifying your email' })).toBeVisible();
    await expect(canvas.getByRole('status', { name: 'Verifying your email' })).toBeVisible();
  },
};

export const Verified: Story = {
  args: { email: 'jane@example.com', verificationToken: 'story-verified' },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Email Verified. Congratulations!' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/sign-in');
  },
};

export const LinkExpired: Story = {
  args: { email: 'jane@example.com', verificationToken: 'story-expired' },
  beforeEach({ msw }) {
    msw.use(mocks.verifyEmail.error(400, 'This verification link is invalid or has expired'));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('This verification link is invalid or has expired')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go Back to Homepage' })).toHaveAttribute('href', '/');
  },
};

export const IncompleteLink: Story = {
  args: {},
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Go Back to Homepage' })).toBeVisible();
  },
};
