import { mocks } from '@ledgerline/api-client/mocks';
import { toast } from '@ledgerline/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { storyLocation, withRouter } from '../../testing/storyRouter';
import { expectToast } from '../../testing/toasts';
import { ChangePasswordScreen } from './ChangePasswordScreen';

/** /change-password?email=&token=: sets a new password from the mailed link, then /sign-in. */
const meta = {
  title: 'Site/Auth/ChangePassword',
  component: ChangePasswordScreen,
  decorators: [withRouter('/change-password')],
  parameters: { layout: 'fullscreen' },
  args: { email: 'jane@example.com', token: 'Zr8Kp3Wq6Ty1Nm4Bx7Cv2Lh5Jd9Fs0Ga3Qe6Ru8Io1' },
  beforeEach: () => {
    toast.remove();
    return () => toast.remove();
  },
} satisfies Meta<typeof ChangePasswordScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** The reset form's rules have no messages of their own: they reuse the sign-up form's wording. */
export const ValidationMessages: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Reset password' }));
    await expect(await canvas.findByText('Password is required')).toBeVisible();
    await expect(canvas.getByText('Confirm Password is required')).toBeVisible();
    await userEvent.type(canvas.getByLabelText(/^New password/), 'violet-anchor-meadow-93');
    await userEvent.type(canvas.getByLabelText(/^Confirm password/), 'violet-anchor-meadow-39');
    await expect(await canvas.findByText('Passwords must match')).toBeVisible();
  },
};

async function submitNewPassword() {
  const canvas = screen;
  await userEvent.type(canvas.getByLabelText(/^New password/), 'violet-anchor-meadow-93');
  await userEvent.type(canvas.getByLabelText(/^Confirm password/), 'violet-anchor-meadow-93');
  await userEvent.click(canvas.getByRole('button', { name: 'Reset password' }));
}

export const PasswordReset: Story = {
  play: async ({ canvasElement }) => {
    await submitNewPassword();
    await expectToast('Your password has been reset. You can now sign in.');
    await waitFor(() => expect(storyLocation(canvasElement)).toBe('/sign-in'));
    toast.remove();
  },
};

/** A used or expired link: the server's msg, and the page stays. */
export const LinkAlreadyUsed: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.resetPassword.error(400, 'This reset link is invalid or has expired'));
  },
  play: async ({ canvasElement }) => {
    await submitNewPassword();
    await expectToast('This reset link is invalid or has expired');
    await expect(storyLocation(canvasElement)).toBe('/change-password');
    toast.remove();
  },
};

export const IncompleteLink: Story = {
  args: { email: undefined, token: undefined },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'This reset link is incomplete' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  },
};
