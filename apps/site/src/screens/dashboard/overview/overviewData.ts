import type { Schemas } from '@ledgerline/api-client';
import type { MarketCoin, TrendingCoin } from '@ledgerline/ui';
import { loadMarketCoins, type MarketCoins } from '../../../api/market';
import { $api } from '../../../api/queryClient';

/** The user-info properties the overview asks for (`?fields=`), and only those. */
export const overviewFields = [
  'bonus',
  'profits',
  'deposits',
  'withdrawals',
  'pendingDeposits',
  'pendingWithdrawals',
  'totalBalance',
  'moneyEarned',
  'notification',
  'investmentGoal',
  'accountTier',
] as const;

export type OverviewInfo = Pick<Schemas['UserInfo'], (typeof overviewFields)[number]>;

/** The overview's figures: the user-info query with only its fields (names separated by commas). */
export const overviewInfoQuery = $api.queryOptions('get', '/users/user-info', {
  params: { query: { fields: overviewFields.join(',') } },
});

/** The user's cash and invested money at the end of each of the last 90 days (`GET /balance-history`). */
export const balanceHistoryQuery = $api.queryOptions('get', '/balance-history');

/** Market data with the time it was fetched and who supplied it (the data service requires the credit). */
export type MarketData<Item> = { asOf: string; attribution: string; items: Item[] };

type TrendingAnswer = Schemas['TrendingCoins'];

/** The trending coins, as the list shows them. */
export const trendingQuery = {
  ...$api.queryOptions('get', '/market/trending'),
  select: (answer: TrendingAnswer): MarketData<TrendingCoin> => ({
    asOf: answer.asOf,
    attribution: answer.attribution,
    items: answer.items.map((coin) => ({
      id: coin.id,
      name: coin.name,
      symbol: coin.symbol,
      image: coin.large,
      price: coin.data.price,
      change24h: coin.data.price_change_percentage_24h.usd,
      sparkline: coin.data.sparkline,
    })),
  }),
};

/** The first 50 coins of the market, as the table shows them (the answer the ticker uses too). */
export const marketQuery = {
  ...$api.queryOptions('get', '/market/coins'),
  queryFn: loadMarketCoins,
  select: (answer: MarketCoins): MarketData<MarketCoin> => ({
    asOf: answer.asOf,
    attribution: answer.attribution,
    items: answer.items.map((coin, index) => ({
      id: coin.id,
      // The list comes ranked; a coin the data service has not ranked keeps its place.
      rank: coin.market_cap_rank ?? index + 1,
      name: coin.name,
      symbol: coin.symbol,
      image: coin.image,
      price: coin.current_price,
      // Unknown highs are shown as a dash by the table.
      ath: coin.ath ?? Number.NaN,
      athDate: coin.ath_date ?? '',
    })),
  }),
};

/** Whether the notification modal opens on load: only with a title and content, and not yet seen. */
export function shouldShowNotification(
  notification: Schemas['UserInfo']['notification'],
): notification is Schemas['Notification'] {
  return Boolean(notification?.title && notification.content && !notification.seen);
}
