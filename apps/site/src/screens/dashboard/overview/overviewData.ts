import { type Schemas, unwrap } from '@ledgerline/api-client';
import type { MarketCoin, TrendingCoin } from '@ledgerline/ui';
import { api } from '../../../api/api';
import { loadMarketCoins } from '../../../api/market';

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

export function loadOverviewInfo(): Promise<OverviewInfo> {
  // The contract takes the names separated by commas or spaces.
  return unwrap(api.GET('/users/user-info', { params: { query: { fields: overviewFields.join(',') } } }));
}

/** Market data with the time it was fetched and who supplied it (the data service requires the credit). */
export type MarketData<Item> = { asOf: string; attribution: string; items: Item[] };

export async function loadTrending(): Promise<MarketData<TrendingCoin>> {
  const answer = await unwrap(api.GET('/market/trending'));
  return {
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
  };
}

export async function loadMarket(): Promise<MarketData<MarketCoin>> {
  const answer = await loadMarketCoins();
  return {
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
  };
}

/** Whether the notification modal opens on load: only with a title and content, and not yet seen. */
export function shouldShowNotification(
  notification: Schemas['UserInfo']['notification'],
): notification is Schemas['Notification'] {
  return Boolean(notification?.title && notification.content && !notification.seen);
}
