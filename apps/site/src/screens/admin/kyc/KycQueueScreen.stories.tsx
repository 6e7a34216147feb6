import type { Schemas } from '@ledgerline/api-client';
import { fixtures, mocks, type SentRequest } from '@ledgerline/api-client/mocks';
import { toast } from '@ledgerline/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { withRouter } from '../../../testing/storyRouter';
import { expectToast } from '../../../testing/toasts';
import { KycQueueScreen } from './KycQueueScreen';

type Canvas = ReturnType<typeof within>;

const jason = fixtures.jasonPendingKyc;

/** The rejections a story sent, as the server heard them. */
const sent: SentRequest<Schemas['RejectionRequest']>[] = [];
const queueLoaded = (canvas: Canvas) => canvas.findByRole('row', { name: new RegExp(jason.user.email) });

async function openJasonsReview(canvas: Canvas) {
  await queueLoaded(canvas);
  await userEvent.click(
    canvas.getByRole('button', { name: `Review the KYC request of ${jason.user.email}` }),
  );
  return within(await screen.findByRole('dialog', { name: `KYC request of ${jason.user.email}` }));
}

/** /admin/kyc: identity checks, pending first; a review shows the document's image. */
const meta = {
  title: 'Screens/Admin/KycQueue',
  component: KycQueueScreen,
  decorators: [withRouter('/admin/kyc')],
  parameters: { screenshot: { width: 1280, height: 900 } },
} satisfies Meta<typeof KycQueueScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminListKyc.slow());
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading the KYC requests' })).toBeVisible();
  },
};

export const Pending: Story = {
  play: async ({ canvas }) => {
    await queueLoaded(canvas);
  },
};

export const Empty: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminListKyc({ body: { items: [], nextCursor: null } }));
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'No KYC request is waiting for review' }),
    ).toBeVisible();
  },
};

export const Failed: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminListKyc.error(503, 'The database is not answering'));
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'The KYC requests could not be loaded' }),
    ).toBeVisible();
  },
};

export const Approve: Story = {
  play: async ({ canvas }) => {
    const dialog = await openJasonsReview(canvas);
    const image = await dialog.findByRole('img', { name: /^Passport of/ });
    await waitFor(() => expect(image).toBeVisible());
    await userEvent.click(dialog.getByRole('button', { name: 'Approve…' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Approve identity' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expectToast(/approved/i);
    toast.remove();
  },
};

/** A rejection sends the reason the admin typed, which the user is shown; the queue says it is done. */
export const Reject: Story = {
  beforeEach({ msw }) {
    sent.length = 0;
    msw.use(mocks.adminRejectKyc.record(sent));
  },
  play: async ({ canvas }) => {
    const dialog = await openJasonsReview(canvas);
    await userEvent.click(dialog.getByRole('button', { name: 'Reject…' }));
    await waitFor(() => expect(dialog.getByLabelText(/^Reason/)).toHaveFocus());
    await userEvent.click(dialog.getByRole('button', { name: 'Reject KYC request' }));
    // Never sent without a reason.
    await waitFor(() => expect(dialog.getByText('Reason is required')).toBeVisible());
    await userEvent.type(dialog.getByLabelText(/^Reason/), 'The passport photo page is blurred.');
    await userEvent.click(dialog.getByRole('button', { name: 'Reject KYC request' }));
    await expectToast(/rejected/i);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(sent.map(({ body }) => body)).toEqual([{ reason: 'The passport photo page is blurred.' }]);
    toast.remove();
  },
};

/** Another admin resolved it first: the server's words, plainly, and the queue loaded again. */
export const AlreadyResolved: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminApproveKyc.error(409, 'Already approved by Ada Admin at 2026-11-25 10:31 UTC'));
  },
  play: async ({ canvas }) => {
    const dialog = await openJasonsReview(canvas);
    await userEvent.click(dialog.getByRole('button', { name: 'Approve…' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Approve identity' }));
    await expectToast('Already approved by Ada Admin at 2026-11-25 10:31 UTC');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    toast.remove();
  },
};
