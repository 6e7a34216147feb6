import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { expect, within } from 'storybook/test';
import { vars } from '../../theme/contract.css';
import { StatTile } from './StatTile';

const glyph = (path: ReactNode) => (
  <svg
    viewBox="0 0 20 20"
    aria-hidden="true"
    width="20"
    height="20"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.75"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    {path}
  </svg>
);
const icons = {
  profit: glyph(<path d="M3 14.5 8 9.5l3 3 6-6M12.5 6.5H17V11" />),
  deposit: glyph(<path d="M10 3v9M6 8l4 4 4-4M4 16h12" />),
  withdrawal: glyph(<path d="M10 13V4M6 8l4-4 4 4M4 16h12" />),
  pending: glyph(
    <>
      <circle cx="10" cy="10" r="7" />
      <path d="M10 6v4l2.5 2" />
    </>,
  ),
  bonus: glyph(
    <>
      <rect x="3" y="8" width="14" height="9" rx="1.5" />
      <path d="M10 8v9M3 11h14M10 8c-1.5-3-5-3-5-1s3.5 1 5 1c1.5 0 5 1 5-1s-3.5-2-5 1" />
    </>,
  ),
};

const overview = [
  {
    label: 'Total Profit',
    amount: 4820.75,
    icon: icons.profit,
    trend: { direction: 'up', percent: 2.4, period: 'this week' },
  },
  { label: 'Total Deposits', amount: 25000, icon: icons.deposit },
  { label: 'Pending Deposits', amount: 1250, icon: icons.pending },
  { label: 'Total Withdrawals', amount: 3180.4, icon: icons.withdrawal },
  { label: 'Pending Withdrawals', amount: 80, icon: icons.pending },
  { label: 'Bonus', amount: 150, icon: icons.bonus },
] as const;

function Grid({ children }: { children: ReactNode }) {
  return (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
        gap: vars.space.lg,
      }}
    >
      {children}
    </div>
  );
}

/**
 * A figure of the account at a glance, in a grid of tiles: the overview's balance summary. Give
 * `trend` when there is a comparison to show; set `loading` while the figures are fetched.
 */
const meta = {
  title: 'Structure/StatTile',
  component: StatTile,
  args: { label: 'Total Deposits', amount: 25000 },
} satisfies Meta<typeof StatTile>;
export default meta;
type Story = StoryObj<typeof meta>;

/** One tile, as wide as a grid cell. */
const oneTile: NonNullable<Story['decorators']> = [
  (Story) => (
    <div style={{ maxWidth: 320 }}>
      <Story />
    </div>
  ),
];

export const Default: Story = {
  decorators: oneTile,
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Total Deposits')).toBeVisible();
    await expect(canvas.getByText('$25,000.00')).toBeVisible();
  },
};

/** The overview's balance summary: six tiles. */
export const Overview: Story = {
  parameters: { screenshot: { width: 1280, height: 480 } },
  render: () => (
    <Grid>
      {overview.map((tile) => (
        <StatTile key={tile.label} {...tile} />
      ))}
    </Grid>
  ),
  play: async ({ canvas }) => {
    for (const label of [
      'Total Profit',
      'Total Deposits',
      'Pending Deposits',
      'Total Withdrawals',
      'Pending Withdrawals',
      'Bonus',
    ]) {
      await expect(canvas.getByText(label)).toBeVisible();
    }
    await expect(canvas.getByText('$3,180.40')).toBeVisible();
    // The icons are decoration: nothing for screen readers.
    await expect(canvas.queryAllByRole('img')).toHaveLength(0);
  },
};

/** While the figures load: placeholders, announced once per tile. */
export const Loading: Story = {
  render: () => (
    <Grid>
      {overview.slice(0, 3).map((tile) => (
        <StatTile key={tile.label} {...tile} loading />
      ))}
    </Grid>
  ),
  play: async ({ canvas }) => {
    const statuses = canvas.getAllByRole('status');
    await expect(statuses.map((status) => status.textContent)).toEqual([
      'Loading Total Profit',
      'Loading Total Deposits',
      'Loading Pending Deposits',
    ]);
    await expect(canvas.queryByText(/\$/)).toBeNull();
    await expect(statuses[0]?.parentElement).toHaveAttribute('aria-busy', 'true');
  },
};

export const TrendUp: Story = {
  decorators: oneTile,
  args: {
    label: 'Total Profit',
    amount: 4820.75,
    icon: icons.profit,
    trend: { direction: 'up', percent: 2.4, period: 'this week' },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Up 2.4% this week')).toBeVisible();
  },
};

export const TrendDown: Story = {
  decorators: oneTile,
  args: {
    label: 'Total Withdrawals',
    amount: 3180.4,
    icon: icons.withdrawal,
    trend: { direction: 'down', percent: -1.25, period: 'this month' },
  },
  play: async ({ canvas, canvasElement }) => {
    // The word says which way, not only the colour.
    const trend = canvas.getByText('Down 1.25% this month');
    await expect(trend).toBeVisible();
    await expect(within(canvasElement).getByText('$3,180.40')).toBeVisible();
  },
};
