import { fixtures, mocks } from '@ledgerline/api-client/mocks';
import { toast } from '@ledgerline/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { openLiveStream, withLiveStream } from '../../../testing/liveStream';
import { withRouter } from '../../../testing/storyRouter';
import { expectToast } from '../../../testing/toasts';
import { WithdrawalQueueScreen } from './WithdrawalQueueScreen';

type Canvas = ReturnType<typeof within>;

const priya = fixtures.priyaPendingWithdrawal;
const queueLoaded = (canvas: Canvas) => canvas.findByRole('row', { name: new RegExp(priya.ref) });

async function openPriyasReview(canvas: Canvas) {
  await queueLoaded(canvas);
  await userEvent.click(canvas.getByRole('button', { name: `Review withdrawal ${priya.ref}` }));
  return within(await screen.findByRole('dialog', { name: `Withdrawal ${priya.ref}` }));
}

/**
 * /admin/withdrawals: the back office's withdrawal queue. A review shows where the coins go and the
 * user's balance and hold; approving pays the held amount out, rejecting releases it.
 */
const meta = {
  title: 'Screens/Admin/WithdrawalQueue',
  component: WithdrawalQueueScreen,
  decorators: [withRouter('/admin/withdrawals')],
  parameters: { screenshot: { width: 1280, height: 900 } },
} satisfies Meta<typeof WithdrawalQueueScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminListWithdrawals.slow());
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading the withdrawals' })).toBeVisible();
  },
};

export const Pending: Story = {
  play: async ({ canvas }) => {
    await queueLoaded(canvas);
    for (const row of canvas.getAllByRole('row').slice(1)) {
      await expect(within(row).getByText('Pending')).toBeVisible();
    }
  },
};

export const Empty: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminListWithdrawals({ body: { items: [], nextCursor: null } }));
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'No withdrawal is waiting for review' }),
    ).toBeVisible();
  },
};

export const Failed: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminListWithdrawals.error(503, 'The database is not answering'));
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'The withdrawals could not be loaded' }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** The review: the address to copy exactly and the user's money, ending on the confirmation. */
export const Review: Story = {
  parameters: { screenshot: { height: 1000 } },
  play: async ({ canvas }) => {
    const dialog = await openPriyasReview(canvas);
    // The dialog fades in: its facts are visible once it has.
    const figures = await dialog.findByText(/available,/);
    await waitFor(() => expect(figures).toBeVisible());
    // Priya's own money: her 1,500 is held for this withdrawal.
    await expect(figures).toHaveTextContent('6,920.75 USD available, 1,500.00 USD held');
    await expect(dialog.getByRole('button', { name: /Copy/ })).toBeVisible();
  },
};

/**
 * An address saved in lower case (no checksum) is shown, and copied, in its checksummed form: the
 * same address, with the capital letters a wallet checks.
 */
export const ChecksummedAddress: Story = {
  beforeEach({ msw }) {
    const typedInLowerCase = { ...priya, address: priya.address?.toLowerCase() };
    msw.use(mocks.adminListWithdrawals({ body: { items: [typedInLowerCase], nextCursor: null } }));
  },
  play: async ({ canvas }) => {
    const dialog = await openPriyasReview(canvas);
    const address = dialog.getByText('To address', { selector: 'dt' }).nextElementSibling;
    if (!(address instanceof HTMLElement)) throw new Error('No address shown');
    await waitFor(() => expect(address).toBeVisible());
    // Read whole (screen readers hear it so), not as the groups of four shown on screen.
    await expect(within(address).getByText('0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb')).toBeInTheDocument();
    await expect(within(address).queryByText(priya.address?.toLowerCase() ?? '')).toBeNull();
  },
};

export const Approve: Story = {
  play: async ({ canvas }) => {
    const dialog = await openPriyasReview(canvas);
    await userEvent.click(dialog.getByRole('button', { name: 'Approve…' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Approve $1,500.00' }));
    await expectToast(`Withdrawal approved: ${priya.ref}`);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    toast.remove();
  },
};

/** Another admin resolved it first: the server's words, and the queue as it now is. */
export const AlreadyResolved: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminRejectWithdrawal.error(409, 'Already approved by Ada Admin at 2026-11-25 10:31 UTC'));
  },
  play: async ({ canvas }) => {
    const dialog = await openPriyasReview(canvas);
    await userEvent.click(dialog.getByRole('button', { name: 'Reject…' }));
    await userEvent.type(dialog.getByLabelText(/^Reason/), 'Wrong network.');
    await userEvent.click(dialog.getByRole('button', { name: 'Reject withdrawal' }));
    await expectToast('Already approved by Ada Admin at 2026-11-25 10:31 UTC');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    toast.remove();
  },
};

/**
 * Another admin approves Priya's withdrawal while this admin has it open: the live stream says so, the
 * dialog tells who did and offers no review any more, and the queue loads again without her request.
 */
export const ApprovedElsewhereWhileOpen: Story = {
  decorators: [withLiveStream('admin')],
  beforeEach({ msw }) {
    msw.use(mocks.streamEvents({ body: [fixtures.withdrawalApprovedByAdminEvent] }));
  },
  play: async ({ canvas, msw }) => {
    const dialog = await openPriyasReview(canvas);
    // The dialog fades in: its buttons are visible once it has.
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Approve…' })).toBeVisible());
    const others = fixtures.adminWithdrawals.filter(
      (row) => row._id !== priya._id && row.status === 'pending',
    );
    msw.use(mocks.adminListWithdrawals({ body: { items: others, nextCursor: null } }));

    openLiveStream();

    await expect(
      await dialog.findByText('Ledgerline Admin approved this withdrawal while it was open here.'),
    ).toBeVisible();
    await expect(dialog.queryByRole('button', { name: 'Approve…' })).toBeNull();
    await expect(dialog.queryByRole('button', { name: 'Reject…' })).toBeNull();
    await waitFor(() =>
      expect(canvas.queryByRole('row', { name: new RegExp(priya.ref), hidden: true })).toBeNull(),
    );
  },
};

/** The queue with Priya's withdrawal held by her password reset, and the others still pending. */
const queueWithHeldPriya = () => ({
  items: fixtures.adminWithdrawals
    .filter((row) => row.status === 'pending')
    .map((row) => (row._id === priya._id ? fixtures.priyaHeldWithdrawal : row)),
  nextCursor: null,
});

/**
 * Priya's password was reset while her withdrawal was pending: the queue flags it with the event and
 * its time, in UTC as the server's refusal says it.
 */
export const HeldWithdrawal: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminListWithdrawals({ body: queueWithHeldPriya() }));
  },
  play: async ({ canvas }) => {
    const row = within(await queueLoaded(canvas));
    await expect(row.getByText('Pending')).toBeVisible();
    await expect(row.getByText('Held: password reset 2026-11-21 10:31 UTC')).toBeVisible();
    // Only hers is held.
    for (const other of canvas.getAllByRole('row').slice(1)) {
      if (other.textContent?.includes(priya.ref)) continue;
      await expect(within(other).queryByText(/^Held/)).toBeNull();
    }
  },
};

/**
 * Its review says why it is held and until when: Approve is disabled (and described by why) while the
 * pause lasts; Reject is open.
 */
export const HeldReview: Story = {
  parameters: { screenshot: { height: 1000 } },
  beforeEach({ msw }) {
    msw.use(mocks.adminListWithdrawals({ body: queueWithHeldPriya() }));
  },
  play: async ({ canvas }) => {
    const dialog = await openPriyasReview(canvas);
    const held = await dialog.findByText(
      "The account's password was reset on 2026-11-21 10:31 UTC, while it was pending.",
    );
    await waitFor(() => expect(held).toBeVisible());
    const approve = dialog.getByRole('button', { name: 'Approve…' });
    await expect(approve).toBeDisabled();
    await expect(approve).toHaveAccessibleDescription(
      "Held until the account's withdrawal pause ends on 2026-11-22 10:31 UTC: it can be approved then, or rejected now.",
    );
    await expect(dialog.getByRole('button', { name: 'Reject…' })).toBeEnabled();
  },
};

/**
 * Held after the queue was loaded: the approval is answered 409 with the server's reason, shown as
 * it is, and the queue loads again.
 */
export const HeldApprovalRefused: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminApproveWithdrawal.error(409, fixtures.heldWithdrawalMessage));
  },
  play: async ({ canvas }) => {
    const dialog = await openPriyasReview(canvas);
    await userEvent.click(dialog.getByRole('button', { name: 'Approve…' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Approve $1,500.00' }));
    await expectToast(fixtures.heldWithdrawalMessage);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    toast.remove();
  },
};
