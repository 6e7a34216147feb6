import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { type TickerItem, TickerTape } from './TickerTape';

const markets: TickerItem[] = [
  { symbol: 'BTC', name: 'Bitcoin', price: 67234.12, change24h: 2.3147 },
  { symbol: 'ETH', name: 'Ethereum', price: 3501.88, change24h: -1.2049 },
  { symbol: 'USDT', name: 'Tether', price: 1.0002, change24h: 0.001 },
  { symbol: 'BNB', name: 'BNB', price: 598.4, change24h: 0.8421 },
  { symbol: 'SOL', name: 'Solana', price: 171.03, change24h: 5.6712 },
  { symbol: 'XRP', name: 'XRP', price: 0.5234, change24h: -3.4087 },
  { symbol: 'DOGE', name: 'Dogecoin', price: 0.1623, change24h: 1.05 },
  { symbol: 'SHIB', name: 'Shiba Inu', price: 0.00002345, change24h: -0.5521 },
];

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** The moving strip: the element whose animation runs. */
function trackOf(region: HTMLElement): HTMLElement {
  const track = region.querySelector('ul')?.parentElement;
  if (!track) throw new Error('no track');
  return track;
}

/** The selectors of the style rules that pause the track's animation. */
function pausingSelectors(track: HTMLElement): string[] {
  const rules = [...document.styleSheets].flatMap((sheet) => {
    try {
      return [...sheet.cssRules];
    } catch {
      return []; // another origin's sheet: not ours
    }
  });
  return rules.flatMap((rule) =>
    rule instanceof CSSStyleRule &&
    rule.style.animationPlayState === 'paused' &&
    [...track.classList].some((name) => rule.selectorText.includes(`.${name}`))
      ? [rule.selectorText]
      : [],
  );
}

/**
 * The market ticker of the dashboard's top bar: symbol, USD price and 24 h change of each market,
 * fed by props (no third-party widget). It moves slowly, pauses while pointed at or focused, and
 * stands still for people who prefer reduced motion. Keep it to a handful of liquid markets.
 */
const meta = {
  title: 'Product/TickerTape',
  component: TickerTape,
  args: { items: markets },
} satisfies Meta<typeof TickerTape>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Moving: a second copy of the list closes the loop and is hidden from screen readers. Pointing at
 * the tape or focusing it pauses it. (The screenshot freezes it at its start.)
 */
export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    const region = canvas.getByRole('region', { name: 'Market prices' });
    // Read once: only the first copy is in the accessibility tree.
    const [list, ...others] = canvas.getAllByRole('list');
    await expect(others).toHaveLength(0);
    if (!list) throw new Error('no list');
    const items = within(list).getAllByRole('listitem');
    await expect(items).toHaveLength(8);
    await expect(items[0]).toHaveTextContent('BTCBitcoin$67,234.12+2.31%');
    await expect(items[1]).toHaveTextContent('ETHEthereum$3,501.88-1.20%');
    await expect(items[7]).toHaveTextContent('$0.00002345-0.55%');
    if (reducedMotion()) return;
    await expect(region.querySelectorAll('ul[aria-hidden="true"]')).toHaveLength(1);
    const track = trackOf(region);
    await expect(getComputedStyle(track).animationPlayState).toBe('running');
    // Keyboard: Tab to it pauses it, Tab away starts it again.
    await userEvent.tab();
    await waitFor(() => expect(region).toHaveFocus());
    await expect(getComputedStyle(track).animationPlayState).toBe('paused');
    await userEvent.tab();
    await expect(getComputedStyle(track).animationPlayState).toBe('running');
    // Pointing at it pauses it too. A scripted hover does not set :hover, so check the rule itself.
    await expect(pausingSelectors(track).some((selector) => selector.includes(':hover'))).toBe(true);
  },
};

/** A change is told by its sign and arrow, not only by its colour. */
export const UpsAndDowns: Story = {
  args: {
    items: [
      { symbol: 'BTC', price: 67234.12, change24h: 2.3147 },
      { symbol: 'ETH', price: 3501.88, change24h: -1.2049 },
      { symbol: 'USDT', price: 1, change24h: 0 },
    ],
    motion: 'static',
  },
  play: async ({ canvas }) => {
    const [up, down, flat] = canvas.getAllByRole('listitem');
    await expect(up).toHaveTextContent('+2.31%');
    await expect(down).toHaveTextContent('-1.20%');
    await expect(flat).toHaveTextContent('0.00%');
    for (const item of [up, down, flat]) {
      await expect(item?.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    }
  },
};

/**
 * Still (`motion="static"`, as under `prefers-reduced-motion`): one copy, no animation, and the
 * strip scrolls sideways; it takes focus so the keyboard can scroll it.
 */
export const ReducedMotion: Story = {
  args: { motion: 'static' },
  play: async ({ canvas, userEvent }) => {
    const region = canvas.getByRole('region', { name: 'Market prices' });
    await expect(region.querySelectorAll('ul')).toHaveLength(1);
    await expect(getComputedStyle(trackOf(region)).animationName).toBe('none');
    await expect(getComputedStyle(region).overflowX).toBe('auto');
    await expect(region.scrollWidth).toBeGreaterThan(region.clientWidth);
    await userEvent.tab();
    await waitFor(() => expect(region).toHaveFocus());
  },
};

/** No market data (the market service failed, silently): nothing is shown. */
export const Empty: Story = {
  args: { items: [] },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('region')).toBeNull();
  },
};
