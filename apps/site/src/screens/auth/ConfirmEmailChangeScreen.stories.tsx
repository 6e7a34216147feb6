import { mocks } from '@ledgerline/api-client/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { withRouter } from '../../testing/storyRouter';
import { ConfirmEmailChangeScreen } from './ConfirmEmailChangeScreen';

/** /confirm-email-change?token=: a spinner, then the outcome. */
const meta = {
  title: 'Site/Auth/ConfirmEmailChange',
  component: ConfirmEmailChangeScreen,
  decorators: [withRouter('/confirm-email-change')],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ConfirmEmailChangeScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

// Each story its own token: the screen sends one request per token, however often it mounts.
export const Confirming: Story = {
  args: { token: 'story-confirming' },
  beforeEach({ msw }) {
    msw.use(mocks.confirmEmailChange.slow());
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Confirming your new email' })).toBeVisible();
    await expect(canvas.getByRole('status', { name: 'Confirming your new email' })).toBeVisible();
  },
};

export const Confirmed: Story = {
  args: { token: 'story-confirmed' },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Your email is changed' }),
    ).toBeVisible();
    await expect(
      canvas.getByText('Your email is now jane.doe@example.org. Use it to sign in.'),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/sign-in');
  },
};

export const LinkExpired: Story = {
  args: { token: 'story-expired' },
  beforeEach({ msw }) {
    msw.use(
      mocks.confirmEmailChange.error(
        400,
        'This link has expired. Ask for the change again from Profile → Security.',
      ),
    );
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'We could not change your email' }),
    ).toBeVisible();
    await expect(
      canvas.getByText('This link has expired. Ask for the change again from Profile → Security.'),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go Back to Homepage' })).toHaveAttribute('href', '/');
  },
};

/** Another account took the address between the request and the link. */
export const AddressTaken: Story = {
  args: { token: 'story-taken' },
  beforeEach({ msw }) {
    msw.use(
      mocks.confirmEmailChange.error(
        409,
        'Another account now uses this email address, so it could not become yours. Ask for the change again with another address.',
      ),
    );
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/Another account now uses this email address/)).toBeVisible();
  },
};

export const IncompleteLink: Story = {
  args: {},
  play: async ({ canvas }) => {
    await expect(canvas.getByText('This link is incomplete. Open it exactly as it was sent.')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go Back to Homepage' })).toBeVisible();
  },
};
