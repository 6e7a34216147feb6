import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An answer of the fake market data service: a status and a JSON body (or raw text). */
export type FakeAnswer = { status: number; body: unknown };

/**
 * A stand-in for the public market data service on 127.0.0.1, so no test reaches outside the
 * machine. Answers are set per path; every request is counted.
 */
export async function startFakeMarket() {
  const answers = new Map<string, FakeAnswer>();
  const calls: string[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    calls.push(`${url.pathname}${url.search}`);
    const answer = answers.get(url.pathname) ?? { status: 404, body: { error: 'not found' } };
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/v3`,
    calls,
    answer(path: string, status: number, body: unknown) {
      answers.set(`/api/v3${path}`, { status, body });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function coingeckoCoin(rank: number, overrides: Record<string, unknown> = {}) {
  return {
    id: `coin-${rank}`,
    symbol: `c${rank}`,
    name: `Coin ${rank}`,
    image: `https://coin-images.coingecko.com/coins/images/${rank}/large/coin.png`,
    current_price: 1000 / rank,
    market_cap: 1e9 / rank,
    market_cap_rank: rank,
    ath: 2000 / rank,
    ath_change_percentage: -10,
    ath_date: '2025-10-06T18:57:42.558Z',
    price_change_percentage_24h: rank % 2 === 0 ? -1.5 : 2.25,
    ...overrides,
  };
}

export function coingeckoTrending(id: string, change: number) {
  return {
    item: {
      id,
      coin_id: 1,
      name: id.toUpperCase(),
      symbol: id.slice(0, 3).toUpperCase(),
      market_cap_rank: 10,
      thumb: `https://coin-images.coingecko.com/coins/images/1/thumb/${id}.png`,
      large: `https://coin-images.coingecko.com/coins/images/1/large/${id}.png`,
      score: 0,
      data: {
        price: 12.34,
        price_btc: '0.0001',
        price_change_percentage_24h: { usd: change, eur: change },
        sparkline: `https://www.coingecko.com/coins/1/sparkline.svg`,
      },
    },
  };
}
