import type { components } from '@ledgerline/api-client';
import { fixtures, mocks, type SentRequest } from '@ledgerline/api-client/mocks';
import { pastPerformanceWarning } from '@ledgerline/ui/funds';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { inProgress, storyBacktest } from '../../testing/backtests';
import { withMain } from '../../testing/withMain';
import { ClockContext } from '../clock';
import { BacktestComparison } from './BacktestComparison';

type BacktestRequest = components['schemas']['BacktestRequest'];

/** Settings an operator might propose for the trend follower: a slower trend, a smaller position. */
const proposed = {
  strategy: {
    kind: 'trend',
    timeframe: '1h',
    pairs: ['BTC/USDT'],
    fastPeriod: 20,
    slowPeriod: 50,
    positionSizePct: 40,
    stopLossPct: 4,
    takeProfitPct: 10,
    trailingStopPct: null,
    maxCandlesHeld: 96,
  },
  risk: { maxAssetSharePct: 50, maxOpenPositions: 1, dailyLossLimitPct: 5, maxDrawdownPct: 20 },
  fees: fixtures.trendFund.fees,
} satisfies Omit<BacktestRequest, 'from' | 'to' | 'amount'>;

const from = '2026-08-30T00:00:00.000Z';
const current = storyBacktest({ id: 'b0000000-0000-4000-8000-00000000000a', from, days: 90, amount: 10_000 });
const proposedRun = storyBacktest({
  id: 'b0000000-0000-4000-8000-00000000000b',
  fundId: null,
  from,
  days: 90,
  amount: 10_000,
  swing: 0.03,
  drift: 0.0009,
});

/** Each request's answer: the fund's own settings run as `current`, the proposed ones as `proposedRun`. */
const startEach = mocks.startBacktest({
  body: async ({ request }) => {
    const body = (await request.clone().json()) as BacktestRequest;
    const backtest = body.fundId ? current : proposedRun;
    return { msg: 'Backtest started; its progress arrives as events', backtest: inProgress(backtest, 0) };
  },
});

/** What the backtests sent carried. */
const sent: SentRequest<BacktestRequest>[] = [];

/**
 * Two configurations backtested over the same period from the same amount, side by side: the back
 * office's fund page compares the fund's current settings with the ones proposed.
 */
const meta = {
  title: 'Shared/Backtests/Comparison',
  component: BacktestComparison,
  args: {
    left: { label: 'Current settings', configuration: { fundId: fixtures.trendFund._id } },
    right: { label: 'Proposed settings', configuration: proposed },
  },
  decorators: [
    withMain,
    (Story) => (
      <ClockContext.Provider value={() => Date.parse('2026-11-28T10:00:00.000Z')}>
        <Story />
      </ClockContext.Provider>
    ),
  ],
  beforeEach({ msw }) {
    sent.length = 0;
    msw.use(
      mocks.startBacktest.record(sent),
      startEach,
      mocks.getBacktest({
        body: ({ params }) => (params.backtestId === proposedRun._id ? proposedRun : current),
      }),
    );
  },
  parameters: { layout: 'fullscreen', screenshot: { width: 1000, height: 800 } },
} satisfies Meta<typeof BacktestComparison>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Ready: Story = {
  parameters: { screenshot: { width: 1000, height: 400 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: /^Period/ })).toHaveTextContent('Last 90 days');
    await expect(canvas.getByRole('textbox', { name: /^Amount in USD/ })).toHaveValue('10,000.00');
    await expect(canvas.getByRole('button', { name: 'Compare' })).toBeEnabled();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

/**
 * Both run over the same period from the same amount; then a table: each figure for the current and
 * the proposed settings, headed "Simulated past performance", with the warning.
 */
export const Compared: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Compare' }));
    const table = await canvas.findByRole('table', {
      name: 'Simulated past performance: Current settings and Proposed settings',
    });
    const period = { from, to: '2026-11-28T00:00:00.000Z', amount: 10_000 };
    await expect(sent.map((request) => request.body)).toEqual(
      expect.arrayContaining([
        { fundId: fixtures.trendFund._id, ...period },
        { ...proposed, ...period },
      ]),
    );
    await expect(canvas.getByRole('heading', { name: 'Simulated past performance' })).toBeVisible();
    const headers = within(table).getAllByRole('columnheader');
    await expect(headers.map((header) => header.textContent)).toEqual([
      'Figure',
      'Current settings',
      'Proposed settings',
    ]);
    await expect(within(table).getByRole('row', { name: /^Total return/ })).toHaveTextContent(
      'Total return+1.24%+6.47%',
    );
    await expect(within(table).getByRole('row', { name: /^Value at the end/ })).toHaveTextContent(
      'Value at the end$10,123.59$10,646.79',
    );
    await expect(canvas.getByText(`Simulated past performance. ${pastPerformanceWarning}`)).toBeVisible();
    await expect(canvas.getByText('Current settings: done.')).toBeVisible();
  },
};

/** Both running: a labelled bar for each, and each one's progress in words. */
export const Comparing: Story = {
  beforeEach({ msw }) {
    msw.use(
      mocks.getBacktest({
        body: ({ params }) =>
          params.backtestId === proposedRun._id ? inProgress(proposedRun, 70) : inProgress(current, 0),
      }),
    );
  },
  parameters: { screenshot: { width: 1000, height: 400 } },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Compare' }));
    await expect(await canvas.findByText('Proposed settings: simulating, 70% done.')).toBeVisible();
    await expect(canvas.getByText('Current settings: waiting for its turn…')).toBeVisible();
    await waitFor(() =>
      expect(
        canvas.getByRole('progressbar', { name: 'Proposed settings: simulation progress' }),
      ).toHaveAttribute('aria-valuenow', '70'),
    );
    await expect(
      canvas.getByRole('progressbar', { name: 'Current settings: simulation progress' }),
    ).toHaveAttribute('aria-valuenow', '0');
    await expect(canvas.getByRole('button', { name: 'Compare' })).toHaveAttribute('aria-busy', 'true');
  },
};

/** The proposed settings are refused: the server's `msg` for that side, and no table. */
export const ProposedRefused: Story = {
  beforeEach({ msw }) {
    msw.use(
      mocks.getBacktest({ body: current }),
      // Only the proposed settings (sent as a strategy) are refused; the fund's own run as ever.
      http.post('*/api/v1/backtests', async ({ request }) => {
        const body = (await request.clone().json()) as BacktestRequest;
        if (!body.strategy) return undefined;
        return HttpResponse.json(
          { msg: 'strategy.slowPeriod must be more than strategy.fastPeriod' },
          { status: 400 },
        );
      }),
    );
  },
  parameters: { screenshot: { width: 1000, height: 400 } },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Compare' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(
      'Proposed settings: strategy.slowPeriod must be more than strategy.fastPeriod',
    );
    await expect(await canvas.findByText('Current settings: done.')).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};
