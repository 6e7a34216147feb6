import { fixtures, mocks } from '@ledgerline/api-client/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { ClockContext } from '../../../shared/clock';
import { storyLocation, withRouter } from '../../../testing/storyRouter';
import { expectToast } from '../../../testing/toasts';
import { pricedAfterText } from '../funds/fundFigures';
import { withDashboardMain } from '../shared/storyFrame';
import { PortfolioScreen } from './PortfolioScreen';

/** Jane a month in: two funds held, one at a loss, and an investment waiting for its valuation. */
const portfolio: typeof fixtures.portfolio = {
  holdings: [
    ...fixtures.portfolio.holdings,
    {
      fundId: fixtures.indexFund._id,
      fundName: fixtures.indexFund.name,
      units: '100.000000',
      navPerUnit: '0.99120000',
      value: 99.12,
      netContributions: 100,
      profit: -0.88,
    },
  ],
  pendingRequests: [fixtures.pendingInvestment],
  totalValue: 359.64,
};

/**
 * /dashboard/portfolio: the total value, the requests waiting for a valuation, the holdings (units,
 * NAV per unit, value, contributions, profit in money and percent) and each fund's share.
 */
const meta = {
  title: 'Screens/Dashboard/Portfolio',
  component: PortfolioScreen,
  decorators: [withDashboardMain, withRouter('/dashboard/portfolio')],
  beforeEach({ msw }) {
    msw.use(mocks.getPortfolio({ body: portfolio }));
  },
  parameters: { layout: 'fullscreen', screenshot: { width: 1280, height: 1000 } },
} satisfies Meta<typeof PortfolioScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible();
    await expect(await canvas.findByText('$359.64')).toBeVisible();
    const holdings = canvas.getByRole('table', { name: 'The funds you hold' });
    const [, trend, index] = within(holdings).getAllByRole('row');
    await expect(trend).toHaveTextContent('Trend follower BTC250.000000$1.0421$260.52$250.00+ $10.52+4.21%');
    await expect(index).toHaveTextContent('Crypto index100.000000$0.9912$99.12$100.00- $0.88−0.88%');
    await expect(
      canvas.getByText(
        `Investment of $250.00 in Trend follower BTC: priced ${pricedAfterText(fixtures.pendingInvestment.pricedAfter)}.`,
      ),
    ).toBeVisible();
    const allocation = within(canvas.getByRole('list', { name: 'Allocation' })).getAllByRole('listitem');
    await expect(allocation.map((item) => item.textContent)).toEqual([
      'Trend follower BTC72.4%',
      'Crypto index27.6%',
    ]);
  },
};

/** Only a request so far: it shows, with nothing held yet. */
export const OnlyPending: Story = {
  beforeEach({ msw }) {
    msw.use(
      mocks.getPortfolio({
        body: { holdings: [], pendingRequests: [fixtures.pendingInvestment], totalValue: 0 },
      }),
    );
  },
  parameters: { screenshot: { width: 1280, height: 600 } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Waiting for a valuation' })).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

/** The cancels sent, by request id. */
const cancelsSent: string[] = [];

/**
 * A first investment in its cooling-off period: until when it can be cancelled, and the cancel,
 * confirmed with its amount, sent once; the money is available again.
 */
export const CoolingOff: Story = {
  beforeEach({ msw }) {
    cancelsSent.length = 0;
    msw.use(
      // Once cancelled, the investment is no longer waiting.
      http.get('*/api/v1/portfolio', () =>
        HttpResponse.json(
          cancelsSent.length > 0
            ? fixtures.emptyPortfolio
            : { holdings: [], pendingRequests: [fixtures.coolingOffInvestment], totalValue: 0 },
        ),
      ),
      http.post('*/api/v1/fund-requests/:requestId/cancel', ({ params }) => {
        cancelsSent.push(String(params.requestId));
        return HttpResponse.json({
          msg: 'Investment cancelled; $250.00 is available again',
          request: {
            ...fixtures.coolingOffInvestment,
            status: 'cancelled',
            reason: 'Cancelled by the investor during the cooling-off period',
          },
        });
      }),
    );
  },
  decorators: [
    (Story) => (
      <ClockContext.Provider value={() => Date.parse('2026-11-27T12:00:00.000Z')}>
        <Story />
      </ClockContext.Provider>
    ),
  ],
  parameters: { screenshot: { width: 1280, height: 600 } },
  play: async ({ canvas }) => {
    const waiting = await canvas.findByRole('region', { name: 'Waiting for a valuation' });
    await expect(waiting).toHaveTextContent(
      `Investment of $250.00 in Trend follower BTC: priced ${pricedAfterText(fixtures.coolingOffInvestment.pricedAfter)}. You can cancel it until Nov 28, 2026, 9:12 AM.`,
    );
    await userEvent.click(within(waiting).getByRole('button', { name: 'Cancel investment' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel your investment?' });
    await expect(confirm).toHaveTextContent(
      '$250.00 goes back to your available balance at once, and Trend follower BTC issues no units for it.',
    );
    await expect(cancelsSent).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel $250.00' }));
    await expectToast('Investment cancelled; $250.00 is available again');
    await expect(cancelsSent).toEqual([fixtures.coolingOffInvestment._id]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(await canvas.findByRole('heading', { name: 'You hold no funds yet' })).toBeVisible();
  },
};

/** The cooling-off period over: the investment waits for its valuation, no longer cancellable. */
export const CoolingOffEnded: Story = {
  beforeEach({ msw }) {
    msw.use(
      mocks.getPortfolio({
        body: { holdings: [], pendingRequests: [fixtures.coolingOffInvestment], totalValue: 0 },
      }),
    );
  },
  decorators: [
    (Story) => (
      <ClockContext.Provider value={() => Date.parse('2026-11-28T09:30:00.000Z')}>
        <Story />
      </ClockContext.Provider>
    ),
  ],
  parameters: { screenshot: { width: 1280, height: 600 } },
  play: async ({ canvas }) => {
    const waiting = await canvas.findByRole('region', { name: 'Waiting for a valuation' });
    await expect(waiting).toHaveTextContent(
      'Investment of $250.00 in Trend follower BTC: priced at the next valuation',
    );
    await expect(waiting).not.toHaveTextContent('You can cancel it');
    await expect(within(waiting).queryByRole('button', { name: 'Cancel investment' })).toBeNull();
  },
};

export const Empty: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.getPortfolio({ body: fixtures.emptyPortfolio }));
  },
  parameters: { screenshot: { width: 1280, height: 600 } },
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('heading', { name: 'You hold no funds yet' })).toBeVisible();
    canvas.getByRole('link', { name: 'See the funds' }).click();
    await waitFor(() => expect(storyLocation(canvasElement)).toBe('/dashboard/funds'));
  },
};

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.getPortfolio.slow());
  },
  parameters: { screenshot: { width: 1280, height: 600 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading your portfolio' })).toBeVisible();
  },
};

export const WithError: Story = {
  beforeEach({ msw }) {
    msw.use(mocks.getPortfolio.error(500, 'Something went wrong on our side. Please try again.'));
  },
  parameters: { screenshot: { width: 1280, height: 600 } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'Your portfolio could not be loaded' }),
    ).toBeVisible();
    await expect(canvas.getByText('Something went wrong on our side. Please try again.')).toBeVisible();
  },
};

export const Narrow: Story = {
  parameters: { screenshot: { width: 375, height: 1100 } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('$359.64')).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(375);
  },
};
