import { fixtures, mocks } from '@ledgerline/api-client/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { storyLocation, withRouter } from '../../../testing/storyRouter';
import { withDashboardMain } from '../shared/storyFrame';
import { TradingPlansScreen } from './TradingPlansScreen';

type Canvas = ReturnType<typeof within>;

const planNames = ['Student', 'Basic', 'Standard', 'Bronze', 'Silver', 'Gold', 'Platinum', 'Diamond'];

/** The plan cards, Student to Diamond. */
const planCards = (canvas: Canvas) =>
  within(canvas.getByRole('list', { name: 'Plans' })).getAllByRole('article') as HTMLElement[];
const planCard = (canvas: Canvas, name: string) => {
  const card = planCards(canvas)[planNames.indexOf(name)];
  if (!card) throw new Error(`No plan ${name}`);
  return within(card);
};

/** Each plan's Invest Now destination, Student to Diamond. */
const investTargets = (canvas: Canvas) =>
  canvas.getAllByRole('link', { name: 'Invest Now' }).map((link: HTMLElement) => link.getAttribute('href'));

/** A balance the stories give the investor (`GET /users/user-info`). */
const withBalance = (availableBalance: number) =>
  mocks.getUserInfo({ body: { ...fixtures.userInfo, availableBalance } });

/** Every card has listed its funds (or said why not). */
async function fundsSettled(canvas: Canvas) {
  await waitFor(() => expect(canvas.queryByRole('status', { name: 'Loading the funds' })).toBeNull());
}

/**
 * /dashboard/trading-plans: the eight plans with their ranges in pounds and, at the rate they are
 * shown at, in US dollars; subtitles, support, the funds each plan's minimum covers, and features.
 * The investor's plan (the highest one their available balance reaches) is marked; Invest Now opens
 * the funds on a plan the balance reaches and the deposit page on the others. Then the risk notice.
 * Jane's available balance, $25,455.40, reaches Standard (£20,000 is $25,400.00 at £1 = $1.27).
 */
const meta = {
  title: 'Site/Dashboard/TradingPlans',
  component: TradingPlansScreen,
  decorators: [withDashboardMain, withRouter('/dashboard/trading-plans')],
  parameters: { layout: 'fullscreen', screenshot: { width: 1280, height: 2000 } },
} satisfies Meta<typeof TradingPlansScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Jane's plans: Standard is hers, and Invest Now opens the funds up to it. */
export const Plans: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Trading Plans' })).toBeVisible();
    await expect(
      await canvas.findByText('Your available balance of $25,455.40 reaches the Standard plan.'),
    ).toBeVisible();
    await fundsSettled(canvas);
    const plans = planCards(canvas);
    await expect(plans.map((plan) => within(plan).getByRole('heading', { level: 2 }).textContent)).toEqual(
      planNames,
    );
    const student = planCard(canvas, 'Student');
    await expect(student.getByText('Essential')).toBeVisible();
    await expect(student.getByText('£100 to £1,999.99')).toBeVisible();
    await expect(student.getByText('≈ $127.00 to $2,539.98', { exact: false })).toBeVisible();
    await expect(plans[0]).toHaveTextContent('£100 to £1,999.99≈ $127.00 to $2,539.98 at £1 = $1.27');
    await expect(student.getByText('Support response within 48 hours')).toBeVisible();
    const diamond = planCard(canvas, 'Diamond');
    await expect(diamond.getByText('Above £5,000,000')).toBeVisible();
    await expect(plans[7]).toHaveTextContent('Above £5,000,000≈ above $6,350,000.00 at £1 = $1.27');
    await expect(diamond.getByText('Elite Trading')).toBeVisible();

    // Her plan, and hers alone, is marked. A card reads in this order (e2e/screens.spec.ts relies on it).
    await expect(planCard(canvas, 'Standard').getByText('Your plan')).toBeVisible();
    await expect(planCards(canvas)[2]).toHaveTextContent(
      /^StandardYour planAdvancedCapital£20,000 to £49,999\.99≈ \$25,400\.00 to \$63,499\.98 at £1 = \$1\.27Support response within 24 hoursFunds it can invest in/,
    );
    await expect(canvas.getAllByText('Your plan')).toHaveLength(1);

    // Every fund asks $10 or $50: Student's minimum ($127.00) covers them all, and so every plan.
    for (const name of planNames) {
      const funds = within(planCard(canvas, name).getByRole('list', { name: 'Funds it can invest in' }));
      await expect(funds.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
        'Crypto index · from $50.00',
        'Recurring buy BTC/ETH 60/40 · from $10.00 · paused',
        'Trend follower BTC · from $50.00',
      ]);
    }

    await expect(investTargets(canvas)).toEqual([
      ...Array(3).fill('/dashboard/funds'),
      ...Array(5).fill('/dashboard/deposit'),
    ]);
    const notice = canvas.getByRole('region', { name: 'Risk notice' });
    await expect(notice).toHaveTextContent(/you can lose some or all of the money you invest/);
    // The notice spans the same width as the plans above it.
    const grid = canvas.getByRole('list', { name: 'Plans' }).getBoundingClientRect();
    await expect(notice.getBoundingClientRect().left).toBe(grid.left);
    await expect(notice.getBoundingClientRect().width).toBe(grid.width);
  },
};

/** On her own plan, Invest Now opens the fund catalogue: her balance is enough to invest. */
export const InvestNow: Story = {
  parameters: { screenshot: { width: 1280, height: 800 } },
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByText(/reaches the Standard plan/);
    await userEvent.click(planCard(canvas, 'Standard').getByRole('link', { name: 'Invest Now' }));
    await waitFor(() => expect(storyLocation(canvasElement)).toBe('/dashboard/funds'));
  },
};

/** On a plan above her balance, Invest Now leads to a deposit first. */
export const InvestNowAboveTheBalance: Story = {
  parameters: { screenshot: { width: 1280, height: 800 } },
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByText(/reaches the Standard plan/);
    await userEvent.click(planCard(canvas, 'Bronze').getByRole('link', { name: 'Invest Now' }));
    await waitFor(() => expect(storyLocation(canvasElement)).toBe('/dashboard/deposit'));
  },
};

/** $126.99 is short of Student's $127.00: no plan is hers, and every Invest Now leads to a deposit. */
export const BelowEveryPlan: Story = {
  parameters: { screenshot: { width: 1280, height: 900 } },
  beforeEach({ msw }) {
    msw.use(withBalance(126.99));
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText(
        'Your available balance of $126.99 is below every plan’s minimum: deposit to start.',
      ),
    ).toBeVisible();
    await fundsSettled(canvas);
    await expect(canvas.queryByText('Your plan')).toBeNull();
    await expect(investTargets(canvas)).toEqual(Array(8).fill('/dashboard/deposit'));
  },
};

/**
 * A fund that asks $5,000: Student's and Basic's minimums ($127.00, $2,540.00) do not cover it,
 * Standard's ($25,400.00) does. A balance of $127.00 reaches Student exactly.
 */
export const FundsByMinimum: Story = {
  parameters: { screenshot: { width: 1280, height: 900 } },
  beforeEach({ msw }) {
    const dearFund = {
      ...fixtures.indexFund,
      _id: '6c5d4e3f-2a1b-4c0d-9e8f-7a6b5c4d3e2f',
      name: 'Crypto index, large orders',
      minimumInvestment: 5000,
    };
    msw.use(withBalance(127), mocks.listFunds({ body: { items: [fixtures.trendFund, dearFund] } }));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/\$127\.00 reaches the Student plan/)).toBeVisible();
    await fundsSettled(canvas);
    await expect(planCard(canvas, 'Student').getByText('Your plan')).toBeVisible();
    const fundsOf = (name: string) =>
      within(planCard(canvas, name).getByRole('list', { name: 'Funds it can invest in' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    await expect(fundsOf('Student')).toEqual(['Trend follower BTC · from $50.00']);
    await expect(fundsOf('Basic')).toEqual(['Trend follower BTC · from $50.00']);
    await expect(fundsOf('Standard')).toEqual([
      'Trend follower BTC · from $50.00',
      'Crypto index, large orders · from $5,000.00',
    ]);
    await expect(investTargets(canvas)).toEqual(['/dashboard/funds', ...Array(7).fill('/dashboard/deposit')]);
  },
};

/** The funds could not be loaded: each plan says so; the plans, her plan and Invest Now still work. */
export const FundsFailed: Story = {
  parameters: { screenshot: { width: 1280, height: 900 } },
  beforeEach({ msw }) {
    msw.use(mocks.listFunds.error(500, 'Internal error'));
  },
  play: async ({ canvas }) => {
    await canvas.findByText(/reaches the Standard plan/);
    await waitFor(() => expect(canvas.getAllByText('The funds could not be loaded.')).toHaveLength(8));
    await expect(canvas.queryByText('Internal error')).toBeNull();
    await expect(planCard(canvas, 'Standard').getByText('Your plan')).toBeVisible();
    await expect(investTargets(canvas)).toEqual([
      ...Array(3).fill('/dashboard/funds'),
      ...Array(5).fill('/dashboard/deposit'),
    ]);
  },
};

export const Tablet: Story = {
  parameters: { screenshot: { width: 768, height: 1400 } },
  play: async ({ canvas }) => {
    await canvas.findByText(/reaches the Standard plan/);
    await fundsSettled(canvas);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(768);
  },
};

export const Narrow: Story = {
  parameters: { screenshot: { width: 320, height: 1200 } },
  play: async ({ canvas }) => {
    await canvas.findByText(/reaches the Standard plan/);
    await fundsSettled(canvas);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(320);
  },
};
