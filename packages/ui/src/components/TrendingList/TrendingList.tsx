import { clsx } from 'clsx';
import type { ComponentPropsWithRef } from 'react';
import { ArrowDownSmallIcon, ArrowUpSmallIcon, MinusSmallIcon } from '../../icons/icons';
import { visuallyHidden } from '../../styles/visuallyHidden.css';
import { vars } from '../../theme/contract.css';
import {
  arrow,
  change as changeStyle,
  header,
  image as imageStyle,
  item,
  list,
  name as nameStyle,
  names,
  placeholder,
  price as priceStyle,
  sparkline as sparklineStyle,
  symbol as symbolStyle,
} from './TrendingList.css';
import { cutTrendingChange, cutTrendingPrice } from './trendingCuts';

/** One trending coin (the market service's trending answer, renamed). */
export type TrendingCoin = {
  /** A stable identifier, e.g. "bitcoin". */
  id: string;
  /** The coin's name, e.g. "Bitcoin". */
  name: string;
  /** The ticker symbol, e.g. "BTC". */
  symbol: string;
  /** The coin's large picture, a URL (decorative: the name is written beside it). */
  image: string;
  /** The price in US dollars, shown cut to 8 characters. */
  price: number | string;
  /** The change over 24 hours in percent, shown cut to 5 characters with its sign. */
  change24h: number;
  /** A picture of the price over 7 days, a URL. */
  sparkline: string;
};

export type TrendingListProps = Omit<ComponentPropsWithRef<'ol'>, 'children'> & {
  /** The coins, most risen first. Only the first `maxItems` are shown. */
  items: readonly TrendingCoin[];
  /** How many to show: the overview shows 3. @default 3 */
  maxItems?: number;
  /** Shows placeholders while the coins load. @default false */
  loading?: boolean;
  /** The list's accessible name. @default 'Trending coins' */
  label?: string;
};

const arrows = { up: ArrowUpSmallIcon, down: ArrowDownSmallIcon, flat: MinusSmallIcon };

function LoadingItem() {
  return (
    <li className={item}>
      <div className={header}>
        <span className={clsx(placeholder, imageStyle)} />
        <span className={clsx(placeholder, nameStyle)} style={{ width: '50%', height: vars.fontSize.md }} />
      </div>
      <span className={placeholder} style={{ width: '60%', height: vars.fontSize.xxl }} />
      <span className={clsx(placeholder, sparklineStyle)} />
    </li>
  );
}

/**
 * The top trending coins of the dashboard overview: picture, name and symbol, price, 24 h change
 * and a 7-day sparkline. Price is cut to 8 characters, change to 5 (see `trendingCuts.ts`).
 */
export function TrendingList({
  items,
  maxItems = 3,
  loading = false,
  label = 'Trending coins',
  className,
  ...rest
}: TrendingListProps) {
  const classes = clsx(list, className);
  if (loading) {
    return (
      <div aria-busy="true">
        <span role="status" className={visuallyHidden}>
          Loading {label.toLowerCase()}
        </span>
        {/* Placeholders only: nothing to read until the coins arrive. */}
        <ol aria-hidden="true" className={classes} {...rest}>
          {Array.from({ length: maxItems }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <LoadingItem key={index} />
          ))}
        </ol>
      </div>
    );
  }
  return (
    <ol aria-label={label} className={classes} {...rest}>
      {items.slice(0, maxItems).map((coin) => {
        const direction = coin.change24h > 0 ? 'up' : coin.change24h < 0 ? 'down' : 'flat';
        const Arrow = arrows[direction];
        return (
          <li key={coin.id} className={item}>
            <div className={header}>
              <img src={coin.image} alt="" className={imageStyle} width={36} height={36} />
              <div className={names}>
                <p className={nameStyle}>{coin.name}</p>
                <span className={symbolStyle}>{coin.symbol}</span>
              </div>
              <span className={changeStyle({ direction })}>
                <Arrow className={arrow} />
                {cutTrendingChange(coin.change24h)}
              </span>
            </div>
            <p className={priceStyle}>${cutTrendingPrice(coin.price)}</p>
            <img
              src={coin.sparkline}
              alt={`7-day price chart of ${coin.name}`}
              className={sparklineStyle}
              width={240}
              height={48}
            />
          </li>
        );
      })}
    </ol>
  );
}
