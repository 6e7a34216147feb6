import { fixtures, mocks } from '@ledgerline/api-client/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { openLiveStream, withLiveStream } from '../../../testing/liveStream';
import { withRouter } from '../../../testing/storyRouter';
import { TodayScreen } from './TodayScreen';

/**
 * /admin: the back office's first screen. The queues' counts, totals and the wait of their oldest
 * request, and the ledger's trial balance, which sums to zero.
 */
const meta = {
  title: 'Screens/Admin/Today',
  component: TodayScreen,
  // The waits are counted from a fixed moment, so the pictures are the same every day.
  args: { now: Date.parse('2026-11-24T12:00:00.000Z') },
  decorators: [withRouter('/admin')],
  parameters: { screenshot: { width: 1280, height: 900 } },
} satisfies Meta<typeof TodayScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminGetSummary.slow());
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: "Loading today's figures" })).toBeVisible();
  },
};

/** Requests waiting in each queue, and the trial balance. */
export const Loaded: Story = {
  play: async ({ canvas }) => {
    const queues = await canvas.findByRole('region', { name: 'Waiting for review' });
    const { deposits } = fixtures.adminSummary.queues;
    const pending = within(queues).getAllByText(
      (_, element) => element?.tagName === 'P' && element.textContent === `${deposits.count} pending`,
    );
    await expect(pending[0]).toBeVisible();
    await expect(within(queues).getAllByText('Oldest waiting', { exact: false })[0]).toHaveTextContent(
      'Oldest waiting 3 days',
    );
    const table = canvas.getByRole('table', { name: 'Trial balance' });
    await expect(within(table).getAllByRole('row')).toHaveLength(
      fixtures.adminSummary.trialBalance.lines.length + 2,
    );
    await expect(within(table).getByRole('row', { name: /^Total/ })).toHaveTextContent('0.00 USD');
  },
};

/** A new platform: nothing waits, every account at zero. */
export const NothingYet: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminGetSummary({ body: fixtures.emptyAdminSummary }));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findAllByText('Nothing waiting')).toHaveLength(3);
  },
};

export const Failed: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.adminGetSummary.error(503, 'The database is not answering'));
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: "Today's figures could not be loaded" }),
    ).toBeVisible();
  },
};

/** What the queues' cards say: "3 pending" for the deposits, and so on. */
const pendingLine = (count: number) => (_: string, element: Element | null) =>
  element?.tagName === 'P' && element.textContent === `${count} pending`;

/**
 * A user sends a deposit while the admin looks at Today: the live stream says the deposit queue
 * changed, and the counts and the ledger load again without a reload of the page.
 */
export const QueueChangedLive: Story = {
  decorators: [withLiveStream('admin')],
  beforeEach({ msw }) {
    msw.use(mocks.streamEvents({ body: [fixtures.depositQueuedEvent] }));
  },
  play: async ({ canvas, msw }) => {
    const queues = await canvas.findByRole('region', { name: 'Waiting for review' });
    const { deposits } = fixtures.adminSummary.queues;
    const depositCard = within(queues).getByRole('heading', { name: 'Deposits' }).parentElement;
    if (!depositCard) throw new Error('No deposit card');
    await expect(within(depositCard).getByText(pendingLine(deposits.count))).toBeVisible();
    const withNewDeposit = {
      ...fixtures.adminSummary,
      queues: {
        ...fixtures.adminSummary.queues,
        deposits: { ...deposits, count: deposits.count + 1, total: deposits.total + 100 },
      },
    };
    msw.use(mocks.adminGetSummary({ body: withNewDeposit }));

    openLiveStream();

    await expect(await within(depositCard).findByText(pendingLine(deposits.count + 1))).toBeVisible();
    await expect(within(depositCard).getByText(/in all/)).toHaveTextContent('6,350.00 USD in all');
  },
};
