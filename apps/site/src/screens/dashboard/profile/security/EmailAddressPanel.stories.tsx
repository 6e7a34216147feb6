import type { Schemas } from '@ledgerline/api-client';
import { fixtures, mocks } from '@ledgerline/api-client/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { withRouter } from '../../../../testing/storyRouter';
import { withDashboardMain } from '../../shared/storyFrame';
import { EmailAddressPanel } from './EmailAddressPanel';

/** Every body the story sent. */
let sent: Schemas['EmailChangeRequest'][] = [];

async function openChange(canvas: ReturnType<typeof within>) {
  await userEvent.click(await canvas.findByRole('button', { name: 'Change email' }));
  const dialog = await screen.findByRole('dialog', { name: 'Change your email' });
  await waitFor(() => expect(dialog).toBeVisible());
  return dialog;
}

/**
 * Profile → Security: the sign-in email and its change, which the new address confirms through a
 * mailed link; until then the email shown stays the current one.
 */
const meta = {
  title: 'Site/Dashboard/Profile/Security/Email address',
  component: EmailAddressPanel,
  decorators: [withDashboardMain, withRouter('/dashboard/profile')],
  parameters: { layout: 'fullscreen', screenshot: { width: 800, height: 300 } },
  beforeEach({ msw }) {
    sent = [];
    msw.use(
      http.post('*/api/v1/auth/email-change', async ({ request }) => {
        const body = (await request.json()) as Schemas['EmailChangeRequest'];
        sent.push(body);
        const answer: Schemas['Message'] = {
          msg: `Check your inbox at ${body.newEmail} and follow the link to confirm the change.`,
        };
        return HttpResponse.json(answer, { status: 202 });
      }),
    );
  },
} satisfies Meta<typeof EmailAddressPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Current: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(fixtures.userInfo.email)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Change email' })).toHaveAttribute(
      'aria-haspopup',
      'dialog',
    );
  },
};

export const LoadFailed: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.getUserInfo.error(500, 'Internal error'));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Your email could not be loaded: Internal error')).toBeVisible();
  },
};

/** The link is on its way: the panel says where, and the email shown is still the current one. */
export const LinkSent: Story = {
  parameters: { screenshot: { width: 800, height: 340 } },
  play: async ({ canvas }) => {
    const dialog = await openChange(canvas);
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /^New email/ }),
      ' Jane.Doe@Example.org ',
    );
    await userEvent.type(within(dialog).getByLabelText(/^Password/), 'correct-horse-battery-staple');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send the link' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Check your inbox at jane.doe@example.org and follow the link to confirm the change.',
    );
    await expect(canvas.getByText(fixtures.userInfo.email)).toBeVisible();
    await expect(sent).toEqual([
      { newEmail: 'jane.doe@example.org', password: 'correct-horse-battery-staple' },
    ]);
  },
};

/** Not an email: refused here, nothing sent. */
export const NotAnEmail: Story = {
  parameters: { screenshot: { width: 800, height: 560 } },
  play: async ({ canvas }) => {
    const dialog = await openChange(canvas);
    const email = within(dialog).getByRole('textbox', { name: /^New email/ });
    await userEvent.type(email, 'jane.doe');
    await userEvent.type(within(dialog).getByLabelText(/^Password/), 'correct-horse-battery-staple');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send the link' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription('Provide a valid email'));
    await waitFor(() => expect(email).toHaveFocus());
    await expect(sent).toEqual([]);
  },
};

/** A wrong password: the server's refusal shows above the buttons, and the dialog stays. */
export const WrongPassword: Story = {
  parameters: { screenshot: { width: 800, height: 560 } },
  beforeEach({ msw }) {
    msw.use(mocks.requestEmailChange.error(400, 'password is incorrect'));
  },
  play: async ({ canvas }) => {
    const dialog = await openChange(canvas);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^New email/ }), 'jane.doe@example.org');
    await userEvent.type(within(dialog).getByLabelText(/^Password/), 'not-my-password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send the link' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent('password is incorrect');
  },
};

/** Two-factor on: the app's code is asked for as well, checked here, and sent as `twoFactorCode`. */
export const WithTwoFactor: Story = {
  parameters: { screenshot: { width: 800, height: 640 } },
  beforeEach({ msw }) {
    msw.use(mocks.getSecurity({ body: fixtures.securityOn }));
  },
  play: async ({ canvas }) => {
    const dialog = await openChange(canvas);
    const code = await within(dialog).findByRole('textbox', { name: /^Authentication code/ });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^New email/ }), 'jane.doe@example.org');
    await userEvent.type(within(dialog).getByLabelText(/^Password/), 'correct-horse-battery-staple');
    await userEvent.type(code, '49203');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send the link' }));
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription(/The code is the 6 digits your authenticator app shows/),
    );
    await expect(sent).toEqual([]);
    await userEvent.type(code, '9');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send the link' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(sent).toEqual([
      { newEmail: 'jane.doe@example.org', password: 'correct-horse-battery-staple', twoFactorCode: '492039' },
    ]);
  },
};
