import { clsx } from 'clsx';
import type { ComponentPropsWithRef } from 'react';
import { ArrowDownSmallIcon, ArrowUpSmallIcon, MinusSmallIcon } from '../../icons/icons';
import { visuallyHidden } from '../../styles/visuallyHidden.css';
import { vars } from '../../theme/contract.css';
import { changeDirection, formatMarketPrice, formatPercentChange } from './formatMarketPrice';
import {
  arrow,
  change as changeStyle,
  copy,
  fade,
  item as itemStyle,
  list,
  price as priceStyle,
  symbol as symbolStyle,
  type TickerTapeVariants,
  tape,
  track,
} from './TickerTape.css';

/** One market on the tape. */
export type TickerItem = {
  /** The ticker symbol, e.g. "BTC". */
  symbol: string;
  /** The full name, read to screen readers after the symbol, e.g. "Bitcoin". @default undefined */
  name?: string;
  /** The price in US dollars. */
  price: number;
  /** The change over 24 hours, in percent (2.31 for +2.31 %). */
  change24h: number;
};

export type TickerTapeProps = Omit<ComponentPropsWithRef<'section'>, 'children'> & {
  /** The markets to show, in order. With none, nothing is rendered. */
  items: readonly TickerItem[];
  /** `auto` scrolls continuously (still under `prefers-reduced-motion`); `static` never moves and scrolls by hand. @default 'auto' */
  motion?: TickerTapeVariants['motion'];
  /** The region's accessible name. @default 'Market prices' */
  label?: string;
};

// One item crosses the tape in about six seconds, however many there are (20 × the slow motion).
const secondsPerItem = 20;

const arrows = { up: ArrowUpSmallIcon, down: ArrowDownSmallIcon, flat: MinusSmallIcon };

function Items({ items }: { items: readonly TickerItem[] }) {
  return items.map((market) => {
    const direction = changeDirection(market.change24h);
    const Arrow = arrows[direction];
    return (
      <li key={market.symbol} className={itemStyle}>
        <span className={symbolStyle}>{market.symbol}</span>
        {market.name && <span className={visuallyHidden}>{market.name}</span>}
        <span className={priceStyle}>{formatMarketPrice(market.price)}</span>
        <span className={changeStyle({ direction })}>
          <Arrow className={arrow} />
          {formatPercentChange(market.change24h)}
        </span>
      </li>
    );
  });
}

/**
 * Our own market ticker (no third-party script): symbol, USD price and 24 h change of each market,
 * moving slowly from right to left. It pauses while pointed at or focused, and stands still (and
 * scrolls by hand) for people who prefer reduced motion or with `motion="static"`.
 */
export function TickerTape({
  items,
  motion = 'auto',
  label = 'Market prices',
  className,
  ...rest
}: TickerTapeProps) {
  if (items.length === 0) return null;
  const moving = motion === 'auto';
  return (
    <section
      aria-label={label}
      // Focusable: keyboard users can pause it (moving) or scroll it (still).
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a moving or scrolling region must be reachable by keyboard
      tabIndex={0}
      data-motion={motion}
      className={clsx(tape({ motion }), className)}
      {...rest}
    >
      <div className={fade}>
        <div
          className={track}
          style={
            moving
              ? { animationDuration: `calc(${vars.motion.slow} * ${secondsPerItem * items.length})` }
              : undefined
          }
        >
          <ul className={list}>
            <Items items={items} />
          </ul>
          {moving && (
            // The copy that closes the loop: seen, but not read twice.
            <ul className={clsx(list, copy)} aria-hidden="true">
              <Items items={items} />
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
