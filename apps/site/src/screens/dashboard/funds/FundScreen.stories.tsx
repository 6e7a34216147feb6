import type { components } from '@ledgerline/api-client';
import { fixtures, mocks, type SentRequest } from '@ledgerline/api-client/mocks';
import { fundRiskWarning, pastPerformanceWarning } from '@ledgerline/ui/funds';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { ClockContext } from '../../../shared/clock';
import { inProgress, storyBacktest } from '../../../testing/backtests';
import { withRouter } from '../../../testing/storyRouter';
import { expectToast } from '../../../testing/toasts';
import { withDashboardMain } from '../shared/storyFrame';
import { FundScreen } from './FundScreen';
import { pricedAfterText, valuationClock } from './fundFigures';

type FundDetail = typeof fixtures.trendFundDetail;
type BacktestRequest = components['schemas']['BacktestRequest'];

/**
 * Twelve days of hourly valuations (288): a climb, a fall of about 8% and part of the way back. Fixed,
 * so the charts and their screenshots are.
 */
const start = Date.UTC(2026, 10, 15, 10);
const navHistory: FundDetail['navHistory'] = Array.from({ length: 288 }, (_, hour) => {
  const perUnit = 1 + 0.06 * Math.sin(hour / 40) + hour * 0.0002;
  return {
    time: new Date(start + hour * 3_600_000).toISOString(),
    navPerUnit: perUnit.toFixed(8),
    nav: Math.round(perUnit * 10_000 * 100) / 100,
  };
});
const detail: FundDetail = { ...fixtures.trendFundDetail, navHistory };

/** The charts have drawn (their code arrives by a dynamic import). */
const chartsDrawn = (canvasElement: HTMLElement) =>
  waitFor(() => {
    const figures = [...canvasElement.querySelectorAll('figure')];
    expect(figures).toHaveLength(2);
    for (const figure of figures) expect(figure).toHaveAttribute('data-chart', 'ready');
  });

/** What the redemptions carried. */
const sent: { body: unknown; key: string | null }[] = [];

function recordRedemptions() {
  sent.length = 0;
  return http.post('*/api/v1/funds/:fundId/redemptions', async ({ request }) => {
    sent.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') });
    return HttpResponse.json(
      { msg: 'Redemption received; it is priced at the next valuation', request: fixtures.pendingRedemption },
      { status: 202 },
    );
  });
}

/**
 * /dashboard/funds/$fundId: a fund's fact sheet. The risk warning, the key figures, the investor's
 * holding and waiting requests, NAV and drawdown charts with period buttons, holdings with their
 * shares, the strategy and risk rules in plain words, fills and fees, and recent fills.
 */
const meta = {
  title: 'Screens/Dashboard/Fund',
  component: FundScreen,
  args: { fundId: fixtures.trendFund._id },
  decorators: [withDashboardMain, withRouter(`/dashboard/funds/${fixtures.trendFund._id}`)],
  beforeEach({ msw }) {
    msw.use(mocks.getFund({ body: detail }));
  },
  parameters: { layout: 'fullscreen', screenshot: { width: 1280, height: 2300 } },
} satisfies Meta<typeof FundScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const FactSheet: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Trend follower BTC' })).toBeVisible();
    await expect(canvas.getByRole('note', { name: 'Risk warning' })).toHaveTextContent(fundRiskWarning);
    await chartsDrawn(canvasElement);
    await expect(canvas.getByRole('figure', { name: 'NAV per unit' })).toHaveTextContent(
      /From \$1\.0000 on Nov 15, 2026 to \$\d\.\d{4} on Nov 27, 2026/,
    );
    await expect(canvas.getByRole('figure', { name: 'Drawdown' })).toHaveTextContent(
      /The largest fall from a peak was −\d+\.\d\d%/,
    );
    await expect(canvas.getByText(pastPerformanceWarning)).toBeVisible();
    // Holdings with their share of the fund.
    const holdings = canvas.getByRole('table', { name: 'What the fund holds' });
    await expect(within(holdings).getByRole('row', { name: /Cash \(USD\)/ })).toHaveTextContent('50.0%');
    await expect(within(holdings).getByRole('row', { name: /BTC/ })).toHaveTextContent('$96,490.00');
    const fills = canvas.getByRole('table', { name: 'The fund’s recent fills' });
    await expect(within(fills).getAllByRole('row')[1]).toHaveTextContent(
      'BTC/USDTBuy0.05400000$96,100.00$5.19',
    );
    await expect(canvas.getByRole('heading', { name: 'Strategy and risk rules' })).toBeVisible();
    await expect(
      canvas.getByText(/short-term average of the price crosses above a longer one/),
    ).toBeVisible();
    await expect(canvas.getByText(/next candle's opening price/)).toBeVisible();
    // Jane holds units of it: she can redeem as well as invest.
    await expect(await canvas.findByText(/You hold 250.000000 units/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Redeem' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Invest' })).toBeVisible();
    // Last, the what-if: a simulation of the fund over a past period.
    await expect(canvas.getByRole('region', { name: 'What if' })).toBeVisible();
  },
};

/** A period button narrows both charts to the last week; the pressed one says so. */
export const LastWeek: Story = {
  parameters: { screenshot: { width: 1280, height: 1400 } },
  play: async ({ canvas, canvasElement }) => {
    await chartsDrawn(canvasElement);
    const week = canvas.getByRole('button', { name: '1 week' });
    await userEvent.click(week);
    await expect(week).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByRole('button', { name: 'All time' })).toHaveAttribute('aria-pressed', 'false');
    await expect(canvas.getByRole('figure', { name: 'NAV per unit' })).toHaveTextContent(
      /on Nov 20, 2026 to/,
    );
    await chartsDrawn(canvasElement);
  },
};

/** A request waiting for its valuation shows on the fund until it is priced. */
export const PendingRequest: Story = {
  beforeEach({ msw }) {
    msw.use(
      mocks.getPortfolio({ body: { ...fixtures.portfolio, pendingRequests: [fixtures.pendingInvestment] } }),
    );
  },
  parameters: { screenshot: { width: 1280, height: 900 } },
  play: async ({ canvas }) => {
    const yours = await canvas.findByRole('region', { name: 'Your investment' });
    await expect(
      await within(yours).findByText(
        `Investment of $250.00: priced ${pricedAfterText(fixtures.pendingInvestment.pricedAfter)}.`,
      ),
    ).toBeVisible();
  },
};

/** A paused fund: why, in plain words, and no Invest. */
export const Paused: Story = {
  args: { fundId: fixtures.recurringFund._id },
  beforeEach({ msw }) {
    msw.use(mocks.getFund({ body: { ...detail, fund: fixtures.recurringFund } }));
  },
  parameters: { screenshot: { width: 1280, height: 900 } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('This fund is paused.')).toBeVisible();
    await expect(canvas.getByText(/too old to trade on/)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Invest' })).toBeNull();
  },
};

/** A fund not yet valued: words instead of charts. */
export const NotValuedYet: Story = {
  beforeEach({ msw }) {
    msw.use(
      mocks.getFund({
        body: {
          ...detail,
          fund: { ...fixtures.trendFund, navPerUnit: '1.00000000', valuedAt: null },
          nav: 0,
          holdings: [],
          recentFills: [],
          navHistory: [],
        },
      }),
    );
  },
  parameters: { screenshot: { width: 1280, height: 1800 } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/Not valued yet/)).toBeVisible();
    await expect(canvas.getAllByText('No figures yet.')).toHaveLength(2);
    await expect(canvas.getByText('The fund holds nothing yet.')).toBeVisible();
    await expect(canvas.getByText('No trades yet.')).toBeVisible();
  },
};

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.getFund.slow());
  },
  parameters: { screenshot: { width: 1280, height: 600 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading the fund' })).toBeVisible();
  },
};

export const NotFound: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.getFund.error(404, 'Fund not found'));
  },
  parameters: { screenshot: { width: 1280, height: 600 } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'The fund could not be loaded' })).toBeVisible();
    await expect(canvas.getByText('Fund not found')).toBeVisible();
  },
};

/** Redeem everything: what it comes to at today's NAV, then a confirmation, then one request with a key. */
export const RedeemAll: Story = {
  beforeEach({ msw }) {
    msw.use(recordRedemptions());
  },
  parameters: { screenshot: { width: 1280, height: 900 } },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Redeem' }));
    const form = await screen.findByRole('dialog', { name: 'Redeem from Trend follower BTC' });
    await userEvent.click(within(form).getByRole('combobox', { name: /^Redeem/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'All my units' }));
    // 250 units × 1.0421 = 260.525, paid rounded down to the cent.
    await expect(within(form).getByRole('status')).toHaveTextContent(
      "All your 250.000000 units, about $260.52 at today's NAV per unit of $1.0421.",
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Review the redemption' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm your redemption' });
    await expect(confirm).toHaveTextContent('RedeemingAll your 250.000000 units, about $260.52');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Redeem all my units' }));
    await waitFor(() => expect(sent).toHaveLength(1), { timeout: 5_000 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5_000 });
    await expectToast(
      `Redemption received; it is priced at the next valuation, about ${valuationClock(fixtures.pendingRedemption.pricedAfter)}.`,
    );
    await expect(sent).toEqual([{ body: { all: true }, key: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);
  },
};

/** More units than are held: said at the field, nothing sent. */
export const RedeemTooManyUnits: Story = {
  parameters: { screenshot: { width: 1280, height: 900 } },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Redeem' }));
    const form = await screen.findByRole('dialog', { name: 'Redeem from Trend follower BTC' });
    await userEvent.click(within(form).getByRole('combobox', { name: /^Redeem/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'A number of units' }));
    await userEvent.type(within(form).getByRole('textbox', { name: /^Units/ }), '300');
    await userEvent.click(within(form).getByRole('button', { name: 'Review the redemption' }));
    await expect(await within(form).findByText('You hold 250.000000 units.')).toBeVisible();
  },
};

// The what-if: a backtest of the fund over a past period. The clock is fixed at Nov 28, 2026, 10:00
// UTC, so the default period (the last 90 days) is Aug 30 to Nov 28, 2026, and the answers match it.

const whatIfNow = Date.parse('2026-11-28T10:00:00.000Z');
const withWhatIfClock: Decorator = (Story) => (
  <ClockContext.Provider value={() => whatIfNow}>
    <Story />
  </ClockContext.Provider>
);
const whatIfBacktest = storyBacktest({ from: '2026-08-30T00:00:00.000Z', days: 90, amount: 1000 });
const queuedWhatIf = {
  msg: 'Backtest started; its progress arrives as events',
  backtest: inProgress(whatIfBacktest, 0),
};

/** What the backtests sent carried. */
const startedBacktests: SentRequest<BacktestRequest>[] = [];

/** The what-if section, once the fact sheet shows. */
async function whatIfSection(canvas: { findByRole: typeof screen.findByRole }) {
  return canvas.findByRole('region', { name: 'What if' });
}

/** Every chart on the page has drawn (their code arrives by a dynamic import). */
const everyChartDrawn = (canvasElement: HTMLElement, count: number) =>
  waitFor(() => {
    const figures = [...canvasElement.querySelectorAll('figure')];
    expect(figures).toHaveLength(count);
    for (const figure of figures) expect(figure).toHaveAttribute('data-chart', 'ready');
  });

/** Nothing run yet: the period and the amount, labelled, and the button. */
export const WhatIfReady: Story = {
  decorators: [withWhatIfClock],
  parameters: { screenshot: { width: 1280, height: 700 } },
  play: async ({ canvas }) => {
    const section = await whatIfSection(canvas);
    const inSection = within(section);
    await expect(inSection.getByRole('combobox', { name: /^Period/ })).toHaveTextContent('Last 90 days');
    await expect(inSection.getByRole('textbox', { name: /^Amount in USD/ })).toHaveValue('1,000.00');
    await expect(inSection.getByRole('button', { name: 'Run the simulation' })).toBeEnabled();
    await expect(inSection.getByRole('status')).toBeEmptyDOMElement();
    section.scrollIntoView({ block: 'start' });
  },
};

/** Running: its progress as a labelled bar and in words a screen reader hears; the button busy. */
export const WhatIfRunning: Story = {
  decorators: [withWhatIfClock],
  beforeEach({ msw }) {
    msw.use(
      mocks.startBacktest({ body: queuedWhatIf }),
      mocks.getBacktest({ body: inProgress(whatIfBacktest, 40) }),
    );
  },
  parameters: { screenshot: { width: 1280, height: 700 } },
  play: async ({ canvas }) => {
    const section = await whatIfSection(canvas);
    const inSection = within(section);
    await userEvent.click(inSection.getByRole('button', { name: 'Run the simulation' }));
    await expect(await inSection.findByText('Simulating: 40% done.')).toBeVisible();
    await expect(inSection.getByRole('status')).toHaveTextContent('Simulating: 40% done.');
    const bar = inSection.getByRole('progressbar', { name: 'Simulation progress' });
    await expect(bar).toHaveAttribute('aria-valuenow', '40');
    await expect(inSection.getByRole('button', { name: 'Run the simulation' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    section.scrollIntoView({ block: 'start' });
  },
};

/**
 * Done: the fund's id, the last 90 days and the amount sent; then the result headed "Simulated past
 * performance", its key figures with the warning, and the value chart with its summary.
 */
export const WhatIfDone: Story = {
  decorators: [withWhatIfClock],
  beforeEach({ msw }) {
    startedBacktests.length = 0;
    msw.use(
      mocks.startBacktest.record(startedBacktests),
      mocks.startBacktest({ body: queuedWhatIf }),
      mocks.getBacktest({ body: whatIfBacktest }),
    );
  },
  parameters: { screenshot: { width: 1280, height: 1250 } },
  play: async ({ canvas, canvasElement }) => {
    const section = await whatIfSection(canvas);
    const inSection = within(section);
    await userEvent.click(inSection.getByRole('button', { name: 'Run the simulation' }));
    const result = await inSection.findByRole('region', { name: 'Simulated past performance' });
    await expect(startedBacktests.map((sent) => sent.body)).toEqual([
      {
        fundId: fixtures.trendFund._id,
        from: '2026-08-30T00:00:00.000Z',
        to: '2026-11-28T00:00:00.000Z',
        amount: 1000,
      },
    ]);
    await expect(inSection.getByRole('status')).toHaveTextContent('Done: the simulated result follows.');
    await expect(result).toHaveTextContent(
      'What $1,000.00 would have become between Aug 30, 2026 and Nov 28, 2026',
    );
    const figures = within(result);
    await expect(figures.getByText('Total return').nextElementSibling).toHaveTextContent('+1.24%');
    await expect(figures.getByText('Largest fall from a peak').nextElementSibling).toHaveTextContent(
      /^−\d+\.\d\d%$/,
    );
    await expect(figures.queryByText('Yearly growth rate (CAGR)')).toBeNull();
    await expect(figures.getByText(`Simulated past performance. ${pastPerformanceWarning}`)).toBeVisible();
    const chart = figures.getByRole('figure', { name: 'Simulated past performance: value' });
    await expect(chart).toHaveTextContent(
      'From $1,000.00 on Aug 30, 2026 to $1,012.36 on Nov 28, 2026: +1.24%.',
    );
    await everyChartDrawn(canvasElement, 3);
    section.scrollIntoView({ block: 'start' });
  },
};

/** The server refuses the period: its `msg` as an alert, and the button ready for another try. */
export const WhatIfRefused: Story = {
  decorators: [withWhatIfClock],
  beforeEach({ msw }) {
    startedBacktests.length = 0;
    msw.use(
      mocks.startBacktest.record(startedBacktests),
      mocks.startBacktest.error(400, 'from: the exchange has no BTC/USDT candles this far back'),
    );
  },
  parameters: { screenshot: { width: 1280, height: 700 } },
  play: async ({ canvas }) => {
    const section = await whatIfSection(canvas);
    const inSection = within(section);
    await userEvent.click(inSection.getByRole('combobox', { name: /^Period/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Last year' }));
    await userEvent.click(inSection.getByRole('button', { name: 'Run the simulation' }));
    await expect(await inSection.findByRole('alert')).toHaveTextContent(
      'from: the exchange has no BTC/USDT candles this far back',
    );
    await expect(startedBacktests.map((sent) => sent.body)).toEqual([
      expect.objectContaining({ from: '2025-11-28T00:00:00.000Z', to: '2026-11-28T00:00:00.000Z' }),
    ]);
    await expect(inSection.queryByRole('progressbar')).toBeNull();
    await expect(inSection.getByRole('button', { name: 'Run the simulation' })).not.toHaveAttribute(
      'aria-busy',
      'true',
    );
    section.scrollIntoView({ block: 'start' });
  },
};

/** Accepted, then failed while running: the job's own error as an alert. */
export const WhatIfFailed: Story = {
  decorators: [withWhatIfClock],
  beforeEach({ msw }) {
    msw.use(
      mocks.startBacktest({ body: queuedWhatIf }),
      mocks.getBacktest({
        body: {
          ...inProgress(whatIfBacktest, 35),
          status: 'failed',
          finishedAt: '2026-11-28T10:00:04.000Z',
          error: 'The exchange could not be reached for the candles the database lacks',
        },
      }),
    );
  },
  parameters: { screenshot: { width: 1280, height: 700 } },
  play: async ({ canvas }) => {
    const section = await whatIfSection(canvas);
    const inSection = within(section);
    await userEvent.click(inSection.getByRole('button', { name: 'Run the simulation' }));
    await expect(await inSection.findByRole('alert')).toHaveTextContent(
      'The exchange could not be reached for the candles the database lacks',
    );
    await expect(inSection.queryByRole('region', { name: 'Simulated past performance' })).toBeNull();
    section.scrollIntoView({ block: 'start' });
  },
};

/** No amount: said at the field, which takes the focus; nothing sent. */
export const WhatIfWithoutAmount: Story = {
  decorators: [withWhatIfClock],
  beforeEach({ msw }) {
    startedBacktests.length = 0;
    msw.use(mocks.startBacktest.record(startedBacktests));
  },
  parameters: { screenshot: { width: 1280, height: 700 } },
  play: async ({ canvas }) => {
    const section = await whatIfSection(canvas);
    const inSection = within(section);
    const amount = inSection.getByRole('textbox', { name: /^Amount in USD/ });
    await userEvent.clear(amount);
    await userEvent.click(inSection.getByRole('button', { name: 'Run the simulation' }));
    await expect(await inSection.findByText('Please enter the amount to simulate in USD')).toBeVisible();
    await waitFor(() => expect(amount).toHaveFocus());
    await expect(startedBacktests).toHaveLength(0);
    section.scrollIntoView({ block: 'start' });
  },
};

/** The result on a phone: the figures wrap, nothing is wider than the screen. */
export const WhatIfNarrow: Story = {
  decorators: [withWhatIfClock],
  beforeEach({ msw }) {
    msw.use(mocks.startBacktest({ body: queuedWhatIf }), mocks.getBacktest({ body: whatIfBacktest }));
  },
  parameters: { screenshot: { width: 375, height: 1500 } },
  play: async ({ canvas, canvasElement }) => {
    const section = await whatIfSection(canvas);
    const inSection = within(section);
    await userEvent.click(inSection.getByRole('button', { name: 'Run the simulation' }));
    await expect(await inSection.findByRole('region', { name: 'Simulated past performance' })).toBeVisible();
    await everyChartDrawn(canvasElement, 3);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(375);
    section.scrollIntoView({ block: 'start' });
  },
};
