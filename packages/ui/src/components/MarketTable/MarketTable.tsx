import { clsx } from 'clsx';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { visuallyHidden } from '../../styles/visuallyHidden.css';
import { Spinner } from '../Spinner/Spinner';
import { Table } from '../Table/Table';
import { formatMarketPrice } from '../TickerTape/formatMarketPrice';
import {
  coinImage,
  coin as coinStyle,
  footnote,
  rank as rankStyle,
  root,
  symbol as symbolStyle,
  waiting,
} from './MarketTable.css';
import { formatAsOf, formatShortDate } from './marketDates';

/** One coin of the market table (the market service's `coins/markets` answer, renamed). */
export type MarketCoin = {
  /** A stable identifier, e.g. "bitcoin". */
  id: string;
  /** Its rank by market value, from 1. */
  rank: number;
  /** The coin's name, e.g. "Bitcoin"; also its picture's alt text. */
  name: string;
  /** The ticker symbol, e.g. "btc" (shown in capitals). */
  symbol: string;
  /** The coin's picture, a URL (served by the site, or a `data:` URI). */
  image: string;
  /** The current price in US dollars. */
  price: number;
  /** The all-time high in US dollars. */
  ath: number;
  /** When the all-time high was reached, an ISO 8601 date-time. */
  athDate: string;
};

export type MarketTableProps = Omit<ComponentPropsWithRef<'div'>, 'children'> & {
  /** The coins, by rank. Only the first `maxRows` are shown. */
  coins: readonly MarketCoin[];
  /** How many coins to show: the overview shows the first 50. @default 50 */
  maxRows?: number;
  /** When the prices were fetched, an ISO 8601 date-time, written in UTC under the table. @default undefined */
  asOf?: string;
  /** Who supplies the data, written under the table, e.g. "Market data by CoinGecko". @default undefined */
  attribution?: ReactNode;
  /** Shows that the prices are loading. @default false */
  loading?: boolean;
  /** The table's caption. @default 'Cryptocurrency prices' */
  caption?: ReactNode;
  /** Keeps the caption for screen readers only, when a heading above says the same. @default false */
  captionHidden?: boolean;
  /** What an empty table says. @default 'Market prices are not available right now.' */
  emptyMessage?: ReactNode;
};

const columnCount = 5;

/**
 * The market overview of the dashboard: rank, coin (picture, name, symbol), price, all-time high
 * and its date, with the time of the prices and the data's attribution underneath.
 */
export function MarketTable({
  coins,
  maxRows = 50,
  asOf,
  attribution,
  loading = false,
  caption = 'Cryptocurrency prices',
  captionHidden = false,
  emptyMessage = 'Market prices are not available right now.',
  className,
  ...rest
}: MarketTableProps) {
  const rows = coins.slice(0, maxRows);
  const asOfText = asOf ? formatAsOf(asOf) : '';
  return (
    <div className={clsx(root, className)} aria-busy={loading || undefined} {...rest}>
      <Table.Root caption={caption} captionHidden={captionHidden}>
        <Table.Head>
          <Table.Row>
            <Table.ColumnHeader numeric>
              <span aria-hidden="true">#</span>
              <span className={visuallyHidden}>Rank</span>
            </Table.ColumnHeader>
            <Table.ColumnHeader>Coin</Table.ColumnHeader>
            <Table.ColumnHeader numeric>Price</Table.ColumnHeader>
            <Table.ColumnHeader numeric>All-time high</Table.ColumnHeader>
            <Table.ColumnHeader>ATH date</Table.ColumnHeader>
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {loading ? (
            <Table.Empty colSpan={columnCount}>
              <span className={waiting}>
                <Spinner size="sm" label={null} />
                <span role="status">Loading market prices…</span>
              </span>
            </Table.Empty>
          ) : rows.length === 0 ? (
            <Table.Empty colSpan={columnCount}>{emptyMessage}</Table.Empty>
          ) : (
            rows.map((coin) => (
              <Table.Row key={coin.id}>
                <Table.Cell numeric className={rankStyle}>
                  {coin.rank}
                </Table.Cell>
                <Table.RowHeader>
                  <span className={coinStyle}>
                    <img src={coin.image} alt={coin.name} className={coinImage} width={24} height={24} />
                    <span>{coin.name}</span>
                    <span className={symbolStyle}>{coin.symbol}</span>
                  </span>
                </Table.RowHeader>
                <Table.Cell numeric>{formatMarketPrice(coin.price)}</Table.Cell>
                <Table.Cell numeric>{formatMarketPrice(coin.ath)}</Table.Cell>
                <Table.Cell>
                  <time dateTime={coin.athDate}>{formatShortDate(coin.athDate)}</time>
                </Table.Cell>
              </Table.Row>
            ))
          )}
        </Table.Body>
      </Table.Root>
      {(asOfText || attribution) && (
        <p className={footnote}>
          {asOfText && asOf && (
            <span>
              Prices as of <time dateTime={asOf}>{asOfText}</time>
            </span>
          )}
          {attribution && <span>{attribution}</span>}
        </p>
      )}
    </div>
  );
}
