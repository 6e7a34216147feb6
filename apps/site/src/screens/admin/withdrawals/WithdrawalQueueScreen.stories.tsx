import { fixtures, mocks } from '@ledgerline/api-client/mocks';
import { toast } from '@ledgerline/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
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
    await expect(dialog.getByRole('button', { name: /Copy/ })).toBeVisible();
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
    msw.use(mocks.adminRejectWithdrawal.error(409, 'This withdrawal was already approved'));
  },
  play: async ({ canvas }) => {
    const dialog = await openPriyasReview(canvas);
    await userEvent.click(dialog.getByRole('button', { name: 'Reject…' }));
    await userEvent.type(dialog.getByLabelText(/^Reason/), 'Wrong network.');
    await userEvent.click(dialog.getByRole('button', { name: 'Reject withdrawal' }));
    await expectToast('This withdrawal was already approved');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    toast.remove();
  },
};
