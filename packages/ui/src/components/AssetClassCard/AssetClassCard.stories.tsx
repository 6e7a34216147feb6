import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { expect, within } from 'storybook/test';
import { vars } from '../../theme/contract.css';
import { AssetClassCard } from './AssetClassCard';

/** A 24 × 24 line icon in the current colour. */
function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

const icons = {
  stocks: (
    <Icon>
      <path d="M3 20h18" />
      <path d="M7 16V9M7 9V6M12 16v-5M12 11V8M17 16V5" />
      <rect x="5.5" y="9" width="3" height="5" rx="0.5" />
      <rect x="10.5" y="11" width="3" height="4" rx="0.5" />
      <rect x="15.5" y="6" width="3" height="7" rx="0.5" />
    </Icon>
  ),
  crypto: (
    <Icon>
      <circle cx="12" cy="12" r="9" />
      <path d="M9.5 7.5h3.75a2 2 0 0 1 0 4H9.5Zm0 4h4.25a2.25 2.25 0 0 1 0 4.5H9.5ZM11 6v1.5M11 16v1.5" />
    </Icon>
  ),
  indices: (
    <Icon>
      <path d="M12 3a9 9 0 1 0 9 9h-9Z" />
      <path d="M15 3.5A9 9 0 0 1 20.5 9H15Z" />
    </Icon>
  ),
  metals: (
    <Icon>
      <path d="M5 14h6l1.5 6h-9Z" />
      <path d="M13 14h6l1.5 6h-9" />
      <path d="M9 6h6l1.5 6h-9Z" />
    </Icon>
  ),
  commodities: (
    <Icon>
      <path d="M12 3s6 6.2 6 11a6 6 0 0 1-12 0c0-4.8 6-11 6-11Z" />
      <path d="M9.5 14.5a2.5 2.5 0 0 0 2.5 2.5" />
    </Icon>
  ),
  etfs: (
    <Icon>
      <path d="m12 3 9 4.5-9 4.5-9-4.5Z" />
      <path d="m3 12 9 4.5 9-4.5M3 16.5 12 21l9-4.5" />
    </Icon>
  ),
};

/** The six asset classes of the home page. */
const assetClasses = [
  {
    title: 'Stocks',
    brief:
      'Shares in listed companies. Their prices follow company results and the wider economy, and they can fall as well as rise.',
    icon: icons.stocks,
  },
  {
    title: 'Cryptocurrencies',
    brief:
      'Bitcoin, Ethereum and other digital assets that trade around the clock. Prices move quickly, in both directions.',
    icon: icons.crypto,
  },
  {
    title: 'Crypto Indices',
    brief:
      'A basket of cryptocurrencies tracked together, so that no single coin decides the result on its own.',
    icon: icons.indices,
  },
  {
    title: 'Precious Metals',
    brief:
      'Gold, silver and platinum. Many investors hold them when other markets are unsettled, though their prices swing too.',
    icon: icons.metals,
  },
  {
    title: 'Commodities',
    brief: 'Raw materials such as oil, natural gas and farm products, priced by global supply and demand.',
    icon: icons.commodities,
  },
  {
    title: 'ETFs',
    brief:
      'Exchange-traded funds: one holding that follows a basket of assets and trades like a single share.',
    icon: icons.etfs,
  },
];

/**
 * One of the six investable asset classes on the home page: a decorative icon, the class's name and
 * a sentence or two. Lay them out in a grid; the cards of a row share their height.
 */
const meta = {
  title: 'Product/AssetClassCard',
  component: AssetClassCard,
  args: assetClasses[3] ?? { title: '', brief: '' },
} satisfies Meta<typeof AssetClassCard>;
export default meta;

/** One card at the width of a grid column. */
const column: Decorator = (Story) => (
  <div style={{ maxWidth: 340 }}>
    <Story />
  </div>
);
type Story = StoryObj<typeof meta>;

/** One asset class. */
export const Default: Story = {
  decorators: [column],
  play: async ({ canvas }) => {
    const card = canvas.getByRole('article');
    await expect(within(card).getByRole('heading', { level: 3, name: 'Precious Metals' })).toBeVisible();
    await expect(card).toHaveTextContent('Gold, silver and platinum.');
    // The icon is decorative: it adds nothing to what is read.
    await expect(card.querySelector('[aria-hidden="true"] svg')).not.toBeNull();
  },
};

/** The six asset classes in a grid: three across on a wide screen. */
export const SixAssetClasses: Story = {
  parameters: { screenshot: { width: 1280, height: 640 } },
  render: () => (
    <div
      style={{
        display: 'grid',
        gap: vars.space.xl,
        gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 22rem), 1fr))',
      }}
    >
      {assetClasses.map((assetClass) => (
        <AssetClassCard key={assetClass.title} {...assetClass} />
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Stocks',
      'Cryptocurrencies',
      'Crypto Indices',
      'Precious Metals',
      'Commodities',
      'ETFs',
    ]);
    const cards = canvas.getAllByRole('article');
    const [first, second, third] = cards.map((card) => card.getBoundingClientRect());
    if (!first || !second || !third) throw new Error('expected cards');
    // Three in the first row, of equal height.
    await expect(third.top).toBe(first.top);
    await expect(second.height).toBe(first.height);
  },
};

/** Without an icon. */
export const WithoutIcon: Story = {
  decorators: [column],
  args: { icon: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('article').querySelector('svg')).toBeNull();
  },
};
