import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { formatNavPerUnit, formatSignedPercent } from '../FundCard/fundFormat';
import { type ChartPoint, FundChart } from './FundChart';

/** Two days of hourly valuations: a rise, a fall of a few percent, a recovery. Fixed, so screenshots are. */
const start = Date.UTC(2026, 10, 25, 10);
const navPoints: ChartPoint[] = Array.from({ length: 48 }, (_, hour) => ({
  time: new Date(start + hour * 3_600_000).toISOString(),
  value: Math.round((1 + 0.03 * Math.sin(hour / 7) + hour * 0.0008) * 1e8) / 1e8,
}));

/** The fall from the highest NAV per unit so far, in percent (0 at a new high). */
function drawdownOf(points: readonly ChartPoint[]): ChartPoint[] {
  let peak = 0;
  return points.map((point) => {
    peak = Math.max(peak, point.value);
    return { time: point.time, value: Math.round(((point.value - peak) / peak) * 10_000) / 100 };
  });
}

const navFormat = (value: number) => formatNavPerUnit(value.toFixed(4));

/** The chart has drawn its canvas (its code arrives by a dynamic import). */
const drawn = (canvasElement: HTMLElement) =>
  waitFor(() => expect(canvasElement.querySelector('figure')).toHaveAttribute('data-chart', 'ready'));

/**
 * A fund's figure over time on a canvas (lightweight-charts, loaded only here), with what it shows
 * in words and every point in a table for screen readers. Follows the theme.
 */
const meta = {
  title: 'Trading/FundChart',
  component: FundChart,
  args: {
    title: 'NAV per unit',
    points: navPoints,
    formatValue: navFormat,
    summary: 'From $1.0000 on Nov 25, 2026 to $1.0501 on Nov 27, 2026: +5.01%.',
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 720 }}>
        <Story />
      </div>
    ),
  ],
  parameters: { screenshot: { width: 760, height: 420 } },
} satisfies Meta<typeof FundChart>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, canvasElement }) => {
    await drawn(canvasElement);
    const chart = canvas.getByRole('figure', { name: 'NAV per unit' });
    await expect(chart).toHaveTextContent('+5.01%');
    // The canvas is decoration for screen readers; the table holds the figures.
    await expect(chart.querySelector('canvas')?.closest('[aria-hidden="true"]')).not.toBeNull();
    await expect(canvas.getByRole('link', { name: 'TradingView' })).toHaveAttribute(
      'href',
      'https://www.tradingview.com/',
    );
  },
};

/** The fall from the last peak, in the danger colour. */
export const Drawdown: Story = {
  args: {
    title: 'Drawdown',
    points: drawdownOf(navPoints),
    formatValue: formatSignedPercent,
    tone: 'danger',
    summary: 'The largest fall from a peak was −4.18%, on Nov 26, 2026.',
  },
  play: async ({ canvas, canvasElement }) => {
    await drawn(canvasElement);
    await expect(canvas.getByRole('figure', { name: 'Drawdown' })).toHaveTextContent('−4.18%');
  },
};

/** The table open: a row per valuation, its time in UTC. */
export const AsTable: Story = {
  args: { tableOpen: true },
  parameters: { screenshot: { width: 760, height: 900 } },
  play: async ({ canvas, canvasElement }) => {
    await drawn(canvasElement);
    const table = await canvas.findByRole('table', { name: 'NAV per unit' });
    const rows = within(table).getAllByRole('row');
    await expect(rows).toHaveLength(49);
    await expect(rows[1]).toHaveTextContent('Nov 25, 2026, 10:00 UTC$1.0000');
  },
};

/** A fund not yet valued: words instead of an empty canvas, and no chart code fetched. */
export const Empty: Story = {
  args: { points: [], summary: 'The fund has not been valued yet.' },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('No figures yet.')).toBeVisible();
    await expect(canvasElement.querySelector('canvas')).toBeNull();
    await expect(canvas.queryByText('Show the figures as a table')).toBeNull();
  },
};
