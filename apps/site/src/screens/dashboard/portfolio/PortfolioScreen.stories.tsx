import { fixtures, mocks } from '@ledgerline/api-client/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { storyLocation, withRouter } from '../../../testing/storyRouter';
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
