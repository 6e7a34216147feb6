import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Button } from '../Button/Button';
import { FundCard, pastPerformanceWarning } from './FundCard';

const fees = { managementPctPerYear: 1.5, takerFeeBps: 10, makerFeeBps: 10, slippageBps: 5 };

/**
 * One fund in the catalogue. The NAV per unit is the large figure; past returns and the largest
 * fall sit in a quieter block with their warning; a paused fund says why.
 */
const meta = {
  title: 'Trading/FundCard',
  component: FundCard,
  args: {
    name: 'Trend follower BTC',
    strategyLabel: 'Trend following',
    navPerUnit: '1.04210000',
    riskLevel: 'high',
    status: 'trading',
    statusReason: null,
    minimumInvestment: 50,
    fees,
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 380 }}>
        <Story />
      </div>
    ),
  ],
  parameters: { screenshot: { width: 420, height: 560 } },
} satisfies Meta<typeof FundCard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A fund a day old: no return over a whole period yet, so none is shown. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const card = canvas.getByRole('article');
    await expect(within(card).getByRole('heading', { level: 3, name: 'Trend follower BTC' })).toBeVisible();
    await expect(card).toHaveTextContent('NAV per unit$1.0421');
    await expect(card).toHaveTextContent('Minimum investment$50.00');
    await expect(within(card).getByText('Trading')).toBeVisible();
    await expect(within(card).getByText('High risk')).toBeVisible();
    await expect(card).toHaveTextContent(
      'Fees: 1.5% a year for management; exchange fees 0.10% (market orders) and 0.10% (limit orders); slippage of 0.05% assumed on market orders.',
    );
    await expect(within(card).queryByText(pastPerformanceWarning)).toBeNull();
  },
};

/** Returns over the periods it has existed and its largest fall, with the warning beside them. */
export const WithReturns: Story = {
  args: {
    returns: [
      { period: '1 month', percent: 4.21 },
      { period: '3 months', percent: -2.5 },
    ],
    maxDrawdownPercent: 12.4,
    action: <Button fullWidth>Invest</Button>,
  },
  play: async ({ canvas }) => {
    const past = canvas.getByText('Past performance').parentElement as HTMLElement;
    await expect(past).toHaveTextContent('1 month+4.21%');
    await expect(past).toHaveTextContent('3 months−2.50%');
    await expect(past).toHaveTextContent('Largest fall−12.40%');
    await expect(within(past).getByText(pastPerformanceWarning)).toBeVisible();
    // Past performance is never the most prominent figure: the NAV per unit is larger.
    const nav = canvas.getByText('$1.0421');
    const ret = within(past).getByText('+4.21%');
    await expect(Number.parseFloat(getComputedStyle(nav).fontSize)).toBeGreaterThan(
      Number.parseFloat(getComputedStyle(ret).fontSize),
    );
    await expect(canvas.getByRole('button', { name: 'Invest' })).toBeVisible();
  },
};

/** A paused fund: the badge says so and the reason follows in plain words. */
export const Paused: Story = {
  args: {
    name: 'Recurring buy BTC/ETH 60/40',
    strategyLabel: 'Recurring buy',
    navPerUnit: '1.00310000',
    riskLevel: 'medium',
    status: 'paused',
    statusReason:
      'The last price of ETH/USDT from binance is from 2026-11-27T06:00:00.000Z, too old to trade on: no order is placed until fresh prices arrive.',
    minimumInvestment: 10,
    maxDrawdownPercent: 0,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Paused')).toBeVisible();
    await expect(canvas.getByText('Medium risk')).toBeVisible();
    await expect(canvas.getByText(/too old to trade on/)).toBeVisible();
    await expect(canvas.getByText('Past performance').parentElement).toHaveTextContent('Largest fall0.00%');
  },
};

export const Narrow: Story = {
  parameters: { screenshot: { width: 320, height: 640 } },
  args: { returns: [{ period: '1 year', percent: 31.02 }], maxDrawdownPercent: 18.75 },
  play: async () => {
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(320);
  },
};
