import type { Schemas } from '@ledgerline/api-client';
import { fixtures, mocks, type SentRequest } from '@ledgerline/api-client/mocks';
import { toast } from '@ledgerline/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { withRouter } from '../../../testing/storyRouter';
import { expectToast } from '../../../testing/toasts';
import { ApprovalsScreen } from './ApprovalsScreen';

type Canvas = ReturnType<typeof within>;

const ada = fixtures.people.ada;
/** Ada's $500 bonus for Jane: the signed-in admin may approve it. */
const bonusRow = (canvas: Canvas) =>
  canvas.findByRole('row', { name: /Bonus of \+ \$500\.00 to jane@example\.com/ });

/** The approvals a story sent, as the server heard them. */
const approvals: SentRequest<Schemas['StepUp']>[] = [];

async function openBonusReview(canvas: Canvas) {
  const row = within(await bonusRow(canvas));
  await userEvent.click(row.getByRole('button', { name: `Review the proposal of ${ada.email}` }));
  const dialog = await screen.findByRole('dialog', { name: 'Proposed posting' });
  // The dialog fades in: what it shows is visible once it has.
  await waitFor(() => expect(dialog).toBeVisible());
  return within(dialog);
}

/**
 * /admin/approvals: "Waiting for a second approval". Postings and wallet changes one admin proposed,
 * which apply when another approves them; an admin's own are listed with why they cannot approve them.
 */
const meta = {
  title: 'Screens/Admin/Approvals',
  component: ApprovalsScreen,
  decorators: [withRouter('/admin/approvals')],
  parameters: { screenshot: { width: 1280, height: 900 } },
} satisfies Meta<typeof ApprovalsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminListApprovals.slow());
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading the proposals' })).toBeVisible();
  },
};

/** Three proposals: a new address (the signed-in admin's own), Ada's bonus, a reactivation. */
export const Waiting: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Waiting for a second approval' })).toBeVisible();
    await bonusRow(canvas);
    const own = within(canvas.getByRole('row', { name: /New address for Ethereum main/ }));
    await expect(own.getByText('You proposed this: another admin must approve it.')).toBeVisible();
    await expect(canvas.getByRole('row', { name: /Reactivate USDT \(TRC-20\) old/ })).toBeVisible();
  },
};

export const Empty: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminListApprovals({ body: { items: [], nextCursor: null } }));
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'Nothing is waiting for a second approval' }),
    ).toBeVisible();
  },
};

export const Failed: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminListApprovals.error(500, 'Something went wrong. Please try again.'));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Something went wrong. Please try again.')).toBeVisible();
  },
};

/** The admin's own proposal: its facts, why they cannot approve it, and no approve button. */
export const OwnProposal: Story = {
  play: async ({ canvas }) => {
    const row = within(await canvas.findByRole('row', { name: /New address for Ethereum main/ }));
    await userEvent.click(row.getByRole('button', { name: /^View the proposal of/ }));
    const shown = await screen.findByRole('dialog', { name: 'Proposed wallet change' });
    await waitFor(() => expect(shown).toBeVisible());
    const dialog = within(shown);
    await expect(dialog.getByText('You proposed this: another admin must approve it.')).toBeVisible();
    await expect(dialog.getByText('0xde709f2102306220921060314715629080e2fb77')).toBeVisible();
    await expect(dialog.queryByRole('button', { name: 'Approve…' })).toBeNull();
  },
};

/**
 * Ada proposed removing the signed-in admin: they see why they cannot approve it, in the list and in
 * the dialog, and are offered no approval.
 */
export const OwnRemoval: Story = {
  beforeEach({ msw }) {
    msw.use(
      mocks.adminListApprovals({
        body: { items: [fixtures.ownRemovalProposal, ...fixtures.pendingApprovals], nextCursor: null },
      }),
    );
  },
  play: async ({ canvas }) => {
    const email = fixtures.people.admin.email;
    const row = within(
      await canvas.findByRole('row', { name: new RegExp(`Remove ${email} from the admins`) }),
    );
    await expect(row.getByText('This proposal removes you: another admin must approve it.')).toBeVisible();
    await userEvent.click(row.getByRole('button', { name: `View the proposal of ${ada.email}` }));
    const shown = await screen.findByRole('dialog', { name: 'Proposed team change' });
    await waitFor(() => expect(shown).toBeVisible());
    const dialog = within(shown);
    await expect(dialog.getByText('This proposal removes you: another admin must approve it.')).toBeVisible();
    await expect(dialog.getByText('You become a user again and are signed out everywhere.')).toBeVisible();
    await expect(dialog.queryByRole('button', { name: 'Approve…' })).toBeNull();
    await expect(dialog.queryByRole('button', { name: 'Reject…' })).toBeNull();
  },
};

/** Another admin's bonus, approved: one request, the answer as a toast, the dialog closed. */
export const Approved: Story = {
  beforeEach({ msw }) {
    approvals.length = 0;
    msw.use(mocks.adminApproveApproval.record(approvals));
  },
  play: async ({ canvas }) => {
    const dialog = await openBonusReview(canvas);
    await expect(dialog.getByText('Welcome bonus')).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Approve…' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Approve and apply' }));
    await expectToast('Approved and applied');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(approvals.map((request) => request.params.approvalId)).toEqual([
      fixtures.janeBonusProposal._id,
    ]);
    toast.remove();
  },
};

/** An admin with two-factor on gives a fresh code from the app with the approval. */
export const ApprovedWithCode: Story = {
  beforeEach({ msw }) {
    approvals.length = 0;
    msw.use(mocks.getSecurity({ body: fixtures.securityOn }), mocks.adminApproveApproval.record(approvals));
  },
  play: async ({ canvas }) => {
    const dialog = await openBonusReview(canvas);
    await userEvent.click(dialog.getByRole('button', { name: 'Approve…' }));
    const code = dialog.getByRole('textbox', { name: /^Code from your authenticator app/ });
    await userEvent.click(dialog.getByRole('button', { name: 'Approve and apply' }));
    await expect(await dialog.findByText('Enter the 6-digit code from your authenticator app')).toBeVisible();
    await userEvent.type(code, '492039');
    await userEvent.click(dialog.getByRole('button', { name: 'Approve and apply' }));
    await expectToast('Approved and applied');
    await expect(approvals.map((request) => request.body)).toEqual([{ twoFactorCode: '492039' }]);
    toast.remove();
  },
};

/** Decided by another admin meanwhile: the server's 409 is said, and the list loads again. */
export const AlreadyDecided: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminApproveApproval.error(409, 'This proposal was already approved.'));
  },
  play: async ({ canvas }) => {
    const dialog = await openBonusReview(canvas);
    await userEvent.click(dialog.getByRole('button', { name: 'Approve…' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Approve and apply' }));
    await expectToast('This proposal was already approved.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    toast.remove();
  },
};
