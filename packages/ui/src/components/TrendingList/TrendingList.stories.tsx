import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { coinPicture } from '../MarketTable/sampleMarket';
import { type TrendingCoin, TrendingList } from './TrendingList';

/** A 7-day line as a local picture: green when the week rose, red when it fell. */
function sparkline(points: number[]): string {
  const rising = (points[points.length - 1] ?? 0) >= (points[0] ?? 0);
  const max = Math.max(...points);
  const min = Math.min(...points);
  const step = 240 / (points.length - 1);
  const line = points
    .map(
      (point, index) =>
        `${(index * step).toFixed(1)},${(44 - ((point - min) / (max - min)) * 40).toFixed(1)}`,
    )
    .join(' ');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 48" preserveAspectRatio="none"><polyline points="${line}" fill="none" stroke="${rising ? '#16a34a' : '#dc2626'}" stroke-width="2" stroke-linejoin="round"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

const trending: TrendingCoin[] = [
  {
    id: 'render-token',
    name: 'Render',
    symbol: 'RNDR',
    image: coinPicture('rndr', 0),
    price: 10.482391774,
    change24h: 12.345678,
    sparkline: sparkline([7.9, 8.1, 8.0, 8.6, 9.1, 9.0, 9.7, 10.1, 10.5]),
  },
  {
    id: 'bitcoin',
    name: 'Bitcoin',
    symbol: 'BTC',
    image: coinPicture('btc', 0),
    price: 67234.123456,
    change24h: 4.56789,
    sparkline: sparkline([64, 64.8, 64.2, 65.5, 66.1, 65.7, 66.9, 67.2]),
  },
  {
    id: 'pepe',
    name: 'Pepe',
    symbol: 'PEPE',
    image: coinPicture('pepe', 4),
    price: 0.0000123456,
    change24h: 0.5,
    sparkline: sparkline([1.3, 1.25, 1.28, 1.2, 1.22, 1.19, 1.23]),
  },
];

/**
 * The top three trending coins on the dashboard overview, most risen first: picture, name and
 * symbol, price (cut to 8 characters), 24 h change (cut to 5 characters, with its sign and arrow)
 * and a 7-day sparkline picture with alt text.
 */
const meta = {
  title: 'Product/TrendingList',
  component: TrendingList,
  args: { items: trending },
  parameters: { screenshot: { width: 1024, height: 360 } },
} satisfies Meta<typeof TrendingList>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Three coins side by side; price cut to 8 characters, change to 5. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const list = canvas.getByRole('list', { name: 'Trending coins' });
    const items = within(list).getAllByRole('listitem');
    await expect(items).toHaveLength(3);
    const [render, bitcoin, pepe] = items.map((item) => within(item));
    if (!render || !bitcoin || !pepe) throw new Error('expected three coins');
    await expect(render.getByText('Render')).toBeVisible();
    await expect(render.getByText('RNDR')).toBeVisible();
    // Price: String(10.482391774).slice(0, 8); change: "12.34" (5 characters) with its sign.
    await expect(render.getByText('$10.48239')).toBeVisible();
    await expect(render.getByText('+12.34%')).toBeVisible();
    await expect(bitcoin.getByText('$67234.12')).toBeVisible();
    await expect(bitcoin.getByText('+4.567%')).toBeVisible();
    await expect(pepe.getByText('$0.000012')).toBeVisible();
    await expect(pepe.getByText('+0.5%')).toBeVisible();
    await expect(bitcoin.getByRole('img', { name: '7-day price chart of Bitcoin' })).toBeVisible();
  },
};

/** A fall: a minus sign and a down arrow, not only red. */
export const NegativeChange: Story = {
  args: {
    items: trending.map((coin, index) =>
      index === 1
        ? { ...coin, change24h: -4.56789, sparkline: sparkline([67, 66.5, 66.8, 65.9, 65.2, 64.1]) }
        : coin,
    ),
  },
  play: async ({ canvas }) => {
    const bitcoin = within(canvas.getAllByRole('listitem')[1] as HTMLElement);
    const change = bitcoin.getByText('-4.567%');
    await expect(change).toBeVisible();
    await expect(change.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  },
};

/** More than three given: three are shown. */
export const FirstThreeOnly: Story = {
  args: { items: [...trending, { ...trending[0], id: 'fourth', name: 'Fourth' } as TrendingCoin] },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('listitem')).toHaveLength(3);
    await expect(canvas.queryByText('Fourth')).toBeNull();
  },
};

/** While the coins load: placeholders, and a status for screen readers. */
export const Loading: Story = {
  args: { items: [], loading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading trending coins');
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};

/** On a phone the three stack. */
export const Narrow: Story = {
  parameters: { screenshot: { width: 375, height: 720 } },
  play: async ({ canvas }) => {
    const [first, second] = canvas.getAllByRole('listitem');
    if (!first || !second) throw new Error('expected coins');
    await expect(second.getBoundingClientRect().top).toBeGreaterThan(first.getBoundingClientRect().bottom);
  },
};
