import { mocks } from '@ledgerline/api-client/mocks';
import { toast } from '@ledgerline/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { withRouter } from '../../testing/storyRouter';
import { expectToast } from '../../testing/toasts';
import { ForgotPasswordScreen } from './ForgotPasswordScreen';

/** /forgot-password: asks for a reset link; shows the server's msg. */
const meta = {
  title: 'Site/Auth/ForgotPassword',
  component: ForgotPasswordScreen,
  decorators: [withRouter('/forgot-password')],
  parameters: { layout: 'fullscreen' },
  beforeEach: () => {
    toast.remove();
    return () => toast.remove();
  },
} satisfies Meta<typeof ForgotPasswordScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/sign-in');
  },
};

export const ValidationMessages: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Send reset link' }));
    await expect(await canvas.findByText('Email is required')).toBeVisible();
    await userEvent.type(canvas.getByLabelText(/^Email/), 'jane');
    await expect(await canvas.findByText('Provide a valid email')).toBeVisible();
  },
};

export const LinkSent: Story = {
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByLabelText(/^Email/), 'jane@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Send reset link' }));
    await expect(
      await canvas.findByText('If an account exists for this email, a reset link has been sent.'),
    ).toBeVisible();
  },
};

export const TooManyRequests: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.forgotPassword.error(429, 'Too many requests. Try again in 30 seconds.'));
  },
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByLabelText(/^Email/), 'jane@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Send reset link' }));
    await expectToast('Too many requests. Try again in 30 seconds.');
    toast.remove();
  },
};
