import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { storyLocation, withRouter } from '../../../testing/storyRouter';
import { withDashboardMain } from '../shared/storyFrame';
import { TradingPlansScreen } from './TradingPlansScreen';

/**
 * /dashboard/trading-plans: the eight plans with their ranges in pounds, subtitles, support and
 * features, each with "Invest Now" to the deposit page, and the risk notice. Static: no API call.
 */
const meta = {
  title: 'Site/Dashboard/TradingPlans',
  component: TradingPlansScreen,
  decorators: [withDashboardMain, withRouter('/dashboard/trading-plans')],
  parameters: { layout: 'fullscreen', screenshot: { width: 1280, height: 1750 } },
} satisfies Meta<typeof TradingPlansScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Plans: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Trading Plans' })).toBeVisible();
    const plans = within(canvas.getByRole('list', { name: 'Plans' })).getAllByRole('article');
    await expect(plans.map((plan) => within(plan).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Student',
      'Basic',
      'Standard',
      'Bronze',
      'Silver',
      'Gold',
      'Platinum',
      'Diamond',
    ]);
    const [student, , , , , , , diamond] = plans as HTMLElement[];
    await expect(student).toHaveTextContent('Essential');
    await expect(student).toHaveTextContent('£100 to £1,999.99');
    await expect(student).toHaveTextContent('Support response within 48 hours');
    await expect(diamond).toHaveTextContent('Above £5,000,000');
    await expect(diamond).toHaveTextContent('Elite Trading');
    const invest = canvas.getAllByRole('link', { name: 'Invest Now' });
    await expect(invest).toHaveLength(8);
    for (const link of invest) await expect(link).toHaveAttribute('href', '/dashboard/deposit');
    const notice = canvas.getByRole('region', { name: 'Risk notice' });
    await expect(notice).toHaveTextContent(/you can lose some or all of the money you invest/);
    // The notice spans the same width as the plans above it.
    const grid = canvas.getByRole('list', { name: 'Plans' }).getBoundingClientRect();
    await expect(notice.getBoundingClientRect().left).toBe(grid.left);
    await expect(notice.getBoundingClientRect().width).toBe(grid.width);
  },
};

export const InvestNow: Story = {
  parameters: { screenshot: { width: 1280, height: 800 } },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(canvas.getAllByRole('link', { name: 'Invest Now' })[2] as HTMLElement);
    await waitFor(() => expect(storyLocation(canvasElement)).toBe('/dashboard/deposit'));
  },
};

export const Tablet: Story = {
  parameters: { screenshot: { width: 768, height: 1200 } },
  play: async () => {
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(768);
  },
};

export const Narrow: Story = {
  parameters: { screenshot: { width: 320, height: 1000 } },
  play: async () => {
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(320);
  },
};
