import { fixtures, mocks } from '@ledgerline/api-client/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { withRouter } from '../../../testing/storyRouter';
import { UserScreen } from './UserScreen';

const userId = fixtures.adminUsers[0]?._id ?? '';

/** /admin/users/$userId: a user's figures and ledger, with the balance after each entry. */
const meta = {
  title: 'Screens/Admin/User',
  component: UserScreen,
  args: { userId },
  decorators: [withRouter('/admin/users')],
  parameters: { screenshot: { width: 1280, height: 1100 } },
} satisfies Meta<typeof UserScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {
  play: async ({ canvas }) => {
    const ledger = await canvas.findByRole('table', { name: 'Ledger' });
    await expect(within(ledger).getAllByRole('row').length).toBeGreaterThan(1);
  },
};

export const NotFound: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminGetUser.error(404, 'User not found'));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'No such user' })).toBeVisible();
  },
};

/** A debit adjustment is confirmed with its sign before it is posted. */
export const PostingConfirmation: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Post to the ledger…' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Post to the ledger' }));
    await userEvent.click(dialog.getByRole('combobox', { name: /^Kind/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Adjustment (a credit or a debit)' }));
    await userEvent.click(dialog.getByRole('combobox', { name: /^Direction/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Debit: takes from their balance' }));
    await userEvent.type(dialog.getByLabelText(/^Amount/), '35.5');
    await userEvent.type(dialog.getByLabelText(/^Memo/), 'Correcting a double credit');
    await userEvent.click(dialog.getByRole('button', { name: 'Review the posting' }));
    await expect(await dialog.findByText(/^Post an adjustment of/)).toHaveTextContent(/- \$35\.50/);
  },
};

/** The notification's editor previews the HTML as the user will see it: a script never shows. */
export const NotificationPreview: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Set the notification…' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Set the notification' }));
    const content = dialog.getByLabelText(/^Content \(HTML\)/);
    await userEvent.clear(content);
    await userEvent.type(content, '<p>Your plan is now <strong>Gold</strong>.<script>alert(1)</script></p>');
    const preview = dialog.getByRole('region', { name: 'Preview' });
    await expect(await within(preview).findByText('Gold')).toBeVisible();
    await expect(preview.innerHTML).not.toMatch(/<script/);
  },
};
