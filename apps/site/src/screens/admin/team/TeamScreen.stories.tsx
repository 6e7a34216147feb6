import type { Schemas } from '@ledgerline/api-client';
import { fixtures, mocks, type SentRequest } from '@ledgerline/api-client/mocks';
import { toast } from '@ledgerline/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { withRouter } from '../../../testing/storyRouter';
import { expectToast } from '../../../testing/toasts';
import { TeamScreen } from './TeamScreen';

const ada = fixtures.people.ada;

/** The invitations a story sent, as the server heard them. */
const invitations: SentRequest<Schemas['AdminInvitationRequest']>[] = [];

async function invite(canvas: ReturnType<typeof within>, email: string) {
  await userEvent.click(await canvas.findByRole('button', { name: 'Invite an admin' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Invite an admin' }));
  await userEvent.type(dialog.getByRole('textbox', { name: /^Email/ }), email);
  await userEvent.click(dialog.getByRole('button', { name: 'Send invitation' }));
  return dialog;
}

/**
 * /admin/team: the admins and the invitations waiting; inviting an admin (made at once, or proposed
 * for a second admin's approval) and proposing an admin's removal.
 */
const meta = {
  title: 'Screens/Admin/Team',
  component: TeamScreen,
  decorators: [withRouter('/admin/team')],
  parameters: { screenshot: { width: 1280, height: 900 } },
} satisfies Meta<typeof TeamScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminListAdmins.slow());
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading the team' })).toBeVisible();
  },
};

/** Two admins with two-factor on, and Grace's invitation waiting. */
export const Team: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
    const admins = within(await canvas.findByRole('table', { name: 'Admins' }));
    await expect(admins.getByRole('rowheader', { name: new RegExp(ada.email) })).toBeVisible();
    await expect(admins.getAllByText('On')).toHaveLength(2);
    const waiting = within(canvas.getByRole('table', { name: 'Invitations waiting' }));
    await expect(waiting.getByRole('rowheader', { name: fixtures.graceInvitation.email })).toBeVisible();
  },
};

export const Failed: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminListAdmins.error(500, 'Something went wrong. Please try again.'));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Something went wrong. Please try again.')).toBeVisible();
  },
};

/** The one admin invites someone: the link is mailed at once. */
export const InvitationSent: Story = {
  beforeEach({ msw }) {
    invitations.length = 0;
    msw.use(
      mocks.adminListAdmins({ body: fixtures.soleAdminTeam }),
      mocks.adminInviteAdmin.record(invitations),
    );
  },
  play: async ({ canvas }) => {
    const dialog = await invite(canvas, 'new.admin@example.com');
    await expect(await dialog.findByRole('heading', { name: 'Invitation sent' })).toBeVisible();
    await expect(dialog.getByText('new.admin@example.com')).toBeVisible();
    await expect(invitations.map((request) => request.body)).toEqual([{ email: 'new.admin@example.com' }]);
  },
};

/** With two admins, inviting is a proposal: another admin approves it in Approvals. */
export const InvitationProposed: Story = {
  beforeEach({ msw }) {
    msw.use(
      mocks.adminInviteAdmin({
        body: fixtures.teamChangeProposed({ change: 'invite', email: 'new.admin@example.com', user: null }),
      }),
    );
  },
  play: async ({ canvas }) => {
    const dialog = await invite(canvas, 'new.admin@example.com');
    await expect(await dialog.findByRole('heading', { name: 'Invitation proposed' })).toBeVisible();
    await expect(dialog.getByText('Another admin must approve it before the link is mailed.')).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Approvals' })).toHaveAttribute('href', '/admin/approvals');
  },
};

/** An admin with two-factor on gives a fresh code from the app with the invitation. */
export const InvitationWithCode: Story = {
  beforeEach({ msw }) {
    invitations.length = 0;
    msw.use(mocks.getSecurity({ body: fixtures.securityOn }), mocks.adminInviteAdmin.record(invitations));
  },
  play: async ({ canvas }) => {
    const dialog = await invite(canvas, 'new.admin@example.com');
    await expect(await dialog.findByText('Enter the 6-digit code from your authenticator app')).toBeVisible();
    await userEvent.type(
      dialog.getByRole('textbox', { name: /^Code from your authenticator app/ }),
      '492039',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Send invitation' }));
    await expect(await dialog.findByRole('heading', { name: 'Invitation sent' })).toBeVisible();
    await expect(invitations.map((request) => request.body)).toEqual([
      { email: 'new.admin@example.com', twoFactorCode: '492039' },
    ]);
  },
};

/** Removing Ada is proposed: another admin approves it. */
export const RemovalProposed: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: `Remove ${ada.email}` }));
    const dialog = within(await screen.findByRole('alertdialog', { name: /^Remove ada admin\?/i }));
    await userEvent.click(dialog.getByRole('button', { name: 'Propose removal' }));
    await expect(await dialog.findByRole('heading', { name: 'Removal proposed' })).toBeVisible();
  },
};

/** An address that is an admin's already: the server's reason, under the field. */
export const InvitationRefused: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminInviteAdmin.error(409, 'This person is already an admin.'));
  },
  play: async ({ canvas }) => {
    const dialog = await invite(canvas, ada.email);
    await expect(await dialog.findByText('This person is already an admin.')).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: /^Email/ })).toHaveFocus();
  },
};

/** The last admin: the server refuses, and says why. */
export const LastAdminRefused: Story = {
  beforeEach({ msw }) {
    msw.use(
      mocks.adminListAdmins({ body: fixtures.soleAdminTeam }),
      mocks.adminRemoveAdmin.error(409, 'The last admin cannot be removed: invite another admin first.'),
    );
  },
  play: async ({ canvas }) => {
    const only = fixtures.soleAdminTeam.items[0]?.email ?? '';
    await userEvent.click(await canvas.findByRole('button', { name: `Remove ${only}` }));
    const dialog = within(await screen.findByRole('alertdialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Propose removal' }));
    await expectToast('The last admin cannot be removed: invite another admin first.');
    toast.remove();
  },
};
