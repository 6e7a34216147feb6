import type { TickerItem } from '@ledgerline/ui';
import { useEffect, useState } from 'react';
import { loadMarketCoins, type MarketCoins } from '../api/market';

function toTickerItems(coins: MarketCoins): TickerItem[] {
  return coins.items.map((coin) => ({
    symbol: coin.symbol.toUpperCase(),
    name: coin.name,
    price: coin.current_price,
    change24h: coin.price_change_percentage_24h ?? 0,
  }));
}

/** The top bar's ticker: the market data's coins. A failed fetch is ignored silently. */
export function useTickerItems(): TickerItem[] {
  const [items, setItems] = useState<TickerItem[]>([]);
  useEffect(() => {
    let live = true;
    loadMarketCoins()
      .then((coins) => {
        if (live) setItems(toTickerItems(coins));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return items;
}
