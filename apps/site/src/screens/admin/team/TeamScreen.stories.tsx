import type { Schemas } from '@ledgerline/api-client';
import { fixtures, mocks, type SentRequest } from '@ledgerline/api-client/mocks';
import { toast } from '@ledgerline/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { withRouter } from '../../../testing/storyRouter';
import { expectToast } from '../../../testing/toasts';
import { TeamScreen } from './TeamScreen';

const ada = fixtures.people.ada;
const grace = fixtures.graceInvitation;

/** The invitations a story sent, as the server heard them. */
const invitations: SentRequest<Schemas['AdminInvitationRequest']>[] = [];
/** The cancellations a story sent, as the server heard them. */
const cancellations: SentRequest<Schemas['StepUp']>[] = [];

async function invite(canvas: ReturnType<typeof within>, email: string) {
  await userEvent.click(await canvas.findByRole('button', { name: 'Invite an admin' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Invite an admin' }));
  await userEvent.type(dialog.getByRole('textbox', { name: /^Email/ }), email);
  await userEvent.click(dialog.getByRole('button', { name: 'Send invitation' }));
  return dialog;
}

/** Opens the confirmation of cancelling Grace's invitation. */
async function askToCancel(canvas: ReturnType<typeof within>) {
  await userEvent.click(await canvas.findByRole('button', { name: `Cancel invitation to ${grace.email}` }));
  const shown = await screen.findByRole('alertdialog', {
    name: `Cancel the invitation to ${grace.email}?`,
  });
  // The dialog fades in: what it shows is visible once it has.
  await waitFor(() => expect(shown).toBeVisible());
  return within(shown);
}

/** The team as the server lists it: Grace's invitation is gone once a story cancelled it. */
const teamAfterCancelling = () =>
  mocks.adminListAdmins({
    body: () => (cancellations.length > 0 ? { ...fixtures.adminTeam, invitations: [] } : fixtures.adminTeam),
  });

/**
 * /admin/team: the admins and the invitations waiting; inviting an admin (made at once, or proposed
 * for a second admin's approval), proposing an admin's removal, and cancelling an invitation.
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
    await waitFor(() => expect(dialog.getByRole('textbox', { name: /^Email/ })).toHaveFocus());
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

/** Cancelling Grace's invitation asks first, with a code from the app when two-factor is on. */
export const CancellingInvitation: Story = {
  beforeEach({ msw }) {
    cancellations.length = 0;
    msw.use(
      mocks.getSecurity({ body: fixtures.securityOn }),
      mocks.adminCancelAdminInvitation.record(cancellations),
    );
  },
  play: async ({ canvas }) => {
    const dialog = await askToCancel(canvas);
    await expect(
      dialog.getByText('The link we mailed stops working at once. You can invite this address again later.'),
    ).toBeVisible();
    // The code is asked for once the admin's security settings say two-factor is on.
    await expect(
      await dialog.findByRole('textbox', { name: /^Code from your authenticator app/ }),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeVisible();
    await expect(cancellations).toEqual([]);
  },
};

/** Cancelled at once, with no second admin: a toast, and the invitation leaves the list. */
export const InvitationCancelled: Story = {
  beforeEach({ msw }) {
    cancellations.length = 0;
    msw.use(teamAfterCancelling(), mocks.adminCancelAdminInvitation.record(cancellations));
  },
  play: async ({ canvas }) => {
    const dialog = await askToCancel(canvas);
    await expect(dialog.queryByRole('textbox')).toBeNull();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel invitation' }));
    await expectToast(`Invitation to ${grace.email} cancelled: its link no longer works.`);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(cancellations.map((request) => request.params.invitationId)).toEqual([grace._id]);
    const waiting = within(canvas.getByRole('table', { name: 'Invitations waiting' }));
    await expect(await waiting.findByText('No invitation is waiting.')).toBeVisible();
    // The row's button is gone: focus goes to inviting someone, not to the page's start.
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Invite an admin' })).toHaveFocus());
    toast.remove();
  },
};

/** An admin with two-factor on gives a fresh code from the app with the cancellation. */
export const InvitationCancelledWithCode: Story = {
  beforeEach({ msw }) {
    cancellations.length = 0;
    msw.use(
      mocks.getSecurity({ body: fixtures.securityOn }),
      teamAfterCancelling(),
      mocks.adminCancelAdminInvitation.record(cancellations),
    );
  },
  play: async ({ canvas }) => {
    const dialog = await askToCancel(canvas);
    const code = await dialog.findByRole('textbox', { name: /^Code from your authenticator app/ });
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel invitation' }));
    await expect(await dialog.findByText('Enter the 6-digit code from your authenticator app')).toBeVisible();
    await expect(cancellations).toEqual([]);
    await userEvent.type(code, '492039');
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel invitation' }));
    await expectToast(`Invitation to ${grace.email} cancelled: its link no longer works.`);
    await expect(cancellations.map((request) => request.body)).toEqual([{ twoFactorCode: '492039' }]);
    toast.remove();
  },
};

/** A code the server refuses: said beside the field, for the next one; the invitation still waits. */
export const CancelCodeRefused: Story = {
  beforeEach({ msw }) {
    msw.use(
      mocks.getSecurity({ body: fixtures.securityOn }),
      mocks.adminCancelAdminInvitation.error(
        403,
        'That code is not right, or was already used. Check the time on your device and use the newest code.',
      ),
    );
  },
  play: async ({ canvas }) => {
    const dialog = await askToCancel(canvas);
    const code = await dialog.findByRole('textbox', { name: /^Code from your authenticator app/ });
    await userEvent.type(code, '000000');
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel invitation' }));
    await expect(
      await dialog.findByText(
        'That code is not right, or was already used. Check the time on your device and use the newest code.',
      ),
    ).toBeVisible();
    await expect(code).toHaveValue('');
  },
};

/** Accepted (or cancelled) meanwhile: the server's 409 is said, and the list loads again. */
export const InvitationCancelRefused: Story = {
  beforeEach({ msw }) {
    msw.use(
      mocks.adminCancelAdminInvitation.error(
        409,
        'This invitation was accepted already: remove the admin from the team instead.',
      ),
    );
  },
  play: async ({ canvas }) => {
    const dialog = await askToCancel(canvas);
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel invitation' }));
    await expectToast('This invitation was accepted already: remove the admin from the team instead.');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    toast.remove();
  },
};
