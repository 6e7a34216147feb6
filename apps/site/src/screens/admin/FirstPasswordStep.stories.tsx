import { fixtures, mocks } from '@ledgerline/api-client/mocks';
import { toast } from '@ledgerline/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { readSession } from '../../session/session';
import { withRouter } from '../../testing/storyRouter';
import { expectToast } from '../../testing/toasts';
import { FirstPasswordStep } from './FirstPasswordStep';

const session = fixtures.newAdminLoginResult;

/**
 * The back office's first step for the admin `pnpm start` generated: the printed password, then a
 * new one. Nothing else of the back office shows until it is saved.
 */
const meta = {
  title: 'Screens/Admin/FirstPasswordStep',
  component: FirstPasswordStep,
  args: { session },
  decorators: [withRouter('/admin/deposits')],
  parameters: { screenshot: { width: 1024, height: 720 } },
} satisfies Meta<typeof FirstPasswordStep>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** Every field is required and the new password must be confirmed exactly. */
export const ValidationMessages: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Save the new password' }));
    await expect(await canvas.findByText('Current password is required')).toBeVisible();
    await waitFor(() => expect(canvas.getByLabelText(/^Password printed at start-up/)).toHaveFocus());
    await userEvent.type(canvas.getByLabelText(/^New password/), 'copper-lantern-orchard-58');
    await userEvent.type(canvas.getByLabelText(/^Confirm password/), 'copper-lantern-orchard-5');
    await userEvent.tab();
    await expect(await canvas.findByText('Passwords must match')).toBeVisible();
  },
};

/** Saved: the server's message, and the session no longer needs a new password. */
export const Saved: Story = {
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByLabelText(/^Password printed at start-up/), 'generated-Pa55word-1');
    await userEvent.type(canvas.getByLabelText(/^New password/), 'copper-lantern-orchard-58');
    await userEvent.type(canvas.getByLabelText(/^Confirm password/), 'copper-lantern-orchard-58');
    await userEvent.click(canvas.getByRole('button', { name: 'Save the new password' }));
    await expectToast(/Password changed/);
    await expect(readSession()?.mustChangePassword).toBe(false);
    toast.remove();
  },
};

/** The printed password was mistyped: the server's message. */
export const WrongPrintedPassword: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.updateUserInfo.error(400, 'currentPassword is incorrect'));
  },
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByLabelText(/^Password printed at start-up/), 'not-the-printed-one');
    await userEvent.type(canvas.getByLabelText(/^New password/), 'copper-lantern-orchard-58');
    await userEvent.type(canvas.getByLabelText(/^Confirm password/), 'copper-lantern-orchard-58');
    await userEvent.click(canvas.getByRole('button', { name: 'Save the new password' }));
    await expectToast('currentPassword is incorrect');
    toast.remove();
  },
};
