/**
 * What the stand-in market data service answers, in the upstream service's own shapes. Images point at
 * the site itself, so the page loads them from 127.0.0.1 like everything else.
 */
const names = [
  ['bitcoin', 'btc', 'Bitcoin', 97_250.12],
  ['ethereum', 'eth', 'Ethereum', 3_480.55],
  ['tether', 'usdt', 'Tether', 1.0],
  ['solana', 'sol', 'Solana', 182.4],
  ['cardano', 'ada', 'Cardano', 0.71],
] as const;

export function marketCoinsOf(siteUrl: string) {
  return names.map(([id, symbol, name, price], index) => ({
    id,
    symbol,
    name,
    image: `${siteUrl}/favicon.svg`,
    current_price: price,
    market_cap_rank: index + 1,
    ath: price * 1.25,
    ath_date: '2025-10-06T18:57:42.558Z',
    price_change_percentage_24h: index % 2 === 0 ? 1.84 : -0.92,
  }));
}

export function trendingCoinsOf(siteUrl: string) {
  return {
    coins: names.slice(0, 4).map(([id, symbol, name, price], index) => ({
      item: {
        id,
        name,
        symbol: symbol.toUpperCase(),
        large: `${siteUrl}/favicon.svg`,
        data: {
          price,
          price_change_percentage_24h: { usd: 4.2 - index },
          sparkline: `${siteUrl}/favicon.svg`,
        },
      },
    })),
  };
}
