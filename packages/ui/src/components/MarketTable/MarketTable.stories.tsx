import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { MarketTable } from './MarketTable';
import { sampleCoins } from './sampleMarket';

/**
 * The dashboard overview's market table: the first 50 coins with rank, picture and name, price,
 * all-time high and its date, then the time of the prices and who supplied them. Feed it the
 * market service's answer; on failure (ignored silently) pass no coins.
 */
const meta = {
  title: 'Product/MarketTable',
  component: MarketTable,
  args: {
    coins: sampleCoins,
    asOf: '2026-11-21T15:45:00Z',
    attribution: 'Market data by CoinGecko',
  },
  parameters: { screenshot: { width: 1280, height: 800 } },
} satisfies Meta<typeof MarketTable>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Fifty rows, numbers right-aligned in tabular digits. */
export const FiftyRows: Story = {
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'Cryptocurrency prices' });
    // Fifty rows: plain DOM queries keep the check fast (role queries weigh every row's semantics).
    const rows = [...table.querySelectorAll('tbody tr')];
    await expect(rows).toHaveLength(50);
    await expect([...table.querySelectorAll('thead th')].map((header) => header.textContent)).toEqual([
      '#Rank',
      'Coin',
      'Price',
      'All-time high',
      'ATH date',
    ]);
    const first = within(rows[0] as HTMLElement);
    await expect(first.getByRole('rowheader')).toHaveTextContent('Bitcoin');
    await expect(first.getByRole('img', { name: 'Bitcoin' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/svg\+xml/),
    );
    await expect(rows[0]).toHaveTextContent('$67,234.12');
    await expect(rows[11]).toHaveTextContent('$0.00002345');
    const athDate = rows[0]?.querySelector('time');
    await expect(athDate).toHaveAttribute('datetime', '2022-02-02T14:24:11.849Z');
    await expect(athDate).toHaveTextContent('Feb 2, 2022');
    await expect(rows[49]).toHaveTextContent('EOS');
    await expect(canvas.getByText(/^Prices as of/)).toHaveTextContent(
      'Prices as of 3:45 PM UTC, Nov 21, 2026',
    );
    await expect(canvas.getByText('Market data by CoinGecko')).toBeVisible();
  },
};

/** More than fifty coins given: the first fifty are shown. */
export const FirstFiftyOnly: Story = {
  args: {
    coins: [
      ...sampleCoins,
      { ...sampleCoins[0], id: 'extra', rank: 51, name: 'Extra coin' } as (typeof sampleCoins)[number],
    ],
  },
  parameters: { screenshot: { width: 800, height: 400 } },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvasElement.querySelectorAll('tbody th[scope="row"]')).toHaveLength(50);
    await expect(canvas.queryByText('Extra coin')).toBeNull();
  },
};

/** On a phone the table scrolls sideways in its frame, which the keyboard can reach. */
export const Narrow: Story = {
  parameters: { screenshot: { width: 375, height: 700 } },
  play: async ({ canvas, userEvent }) => {
    const frame = await canvas.findByRole('region', { name: 'Cryptocurrency prices' });
    await expect(frame.scrollWidth).toBeGreaterThan(frame.clientWidth);
    await userEvent.tab();
    await waitFor(() => expect(frame).toHaveFocus());
  },
};

/** While the prices load. */
export const Loading: Story = {
  args: { coins: [], loading: true, asOf: undefined },
  parameters: { screenshot: { width: 800, height: 300 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading market prices…');
    await expect(canvas.queryAllByRole('rowheader')).toHaveLength(0);
  },
};

/** No prices (the market service failed): a quiet message, no time. */
export const Empty: Story = {
  args: { coins: [], asOf: undefined },
  parameters: { screenshot: { width: 800, height: 300 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Market prices are not available right now.')).toBeVisible();
    await expect(canvas.queryByText(/^Prices as of/)).toBeNull();
  },
};
