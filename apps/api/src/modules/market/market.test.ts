import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../testing/app';
import { expectContract } from '../../testing/contract';
import { coingeckoCoin, coingeckoTrending, startFakeMarket } from '../../testing/fake-market';

let market: Awaited<ReturnType<typeof startFakeMarket>>;
beforeAll(async () => {
  market = await startFakeMarket();
});
afterAll(() => market.close());
afterEach(() => {
  vi.useRealTimers();
});

/** A fresh app per test: each has its own cache. */
async function withApp(test: (app: FastifyInstance) => Promise<void>) {
  const app = await createTestApp({ MARKET_DATA_URL: market.url });
  try {
    await test(app);
  } finally {
    await app.close();
  }
}

async function get(app: FastifyInstance, operationId: 'listMarketCoins' | 'listTrendingCoins') {
  const url = operationId === 'listMarketCoins' ? '/api/v1/market/coins' : '/api/v1/market/trending';
  const response = await app.inject({ method: 'GET', url });
  await expectContract(operationId, response);
  return response;
}

const coinsPath = '/coins/markets';
const trendingPath = '/search/trending';

describe('GET /market/coins', () => {
  it('answers the first 50 coins in USD with the attribution, asking upstream for USD by market cap', async () => {
    market.answer(
      coinsPath,
      200,
      Array.from({ length: 60 }, (_, index) => coingeckoCoin(index + 1)),
    );
    await withApp(async (app) => {
      const response = await get(app, 'listMarketCoins');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.items).toHaveLength(50);
      expect(body.attribution).toBe('Data provided by CoinGecko');
      expect(body.items[0]).toEqual({
        id: 'coin-1',
        symbol: 'c1',
        name: 'Coin 1',
        image: 'https://coin-images.coingecko.com/coins/images/1/large/coin.png',
        current_price: 1000,
        market_cap_rank: 1,
        ath: 2000,
        ath_date: '2025-10-06T18:57:42.558Z',
        price_change_percentage_24h: 2.25,
      });
      expect(Date.now() - Date.parse(body.asOf)).toBeLessThan(5_000);
      const call = new URL(market.calls.at(-1) ?? '', 'http://x');
      expect(call.pathname).toBe('/api/v3/coins/markets');
      expect(call.searchParams.get('vs_currency')).toBe('usd');
      expect(call.searchParams.get('per_page')).toBe('50');
    });
  });

  it('caches for 60 s, then fetches again', async () => {
    market.answer(coinsPath, 200, [coingeckoCoin(1)]);
    await withApp(async (app) => {
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-21T15:00:00.000Z') });
      const before = market.calls.length;
      const first = (await get(app, 'listMarketCoins')).json();
      vi.setSystemTime(new Date('2026-11-21T15:00:59.000Z'));
      const cached = (await get(app, 'listMarketCoins')).json();
      expect(cached.asOf).toBe(first.asOf);
      expect(market.calls.length - before).toBe(1);
      vi.setSystemTime(new Date('2026-11-21T15:01:01.000Z'));
      const fresh = (await get(app, 'listMarketCoins')).json();
      expect(fresh.asOf).toBe('2026-11-21T15:01:01.000Z');
      expect(market.calls.length - before).toBe(2);
    });
  });

  it('serves the last good answer with its asOf when upstream fails', async () => {
    market.answer(coinsPath, 200, [coingeckoCoin(1)]);
    await withApp(async (app) => {
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-21T15:00:00.000Z') });
      await get(app, 'listMarketCoins');
      market.answer(coinsPath, 500, { error: 'down' });
      vi.setSystemTime(new Date('2026-11-21T15:05:00.000Z'));
      const stale = await get(app, 'listMarketCoins');
      expect(stale.statusCode).toBe(200);
      expect(stale.json().asOf).toBe('2026-11-21T15:00:00.000Z');
      expect(stale.json().items).toHaveLength(1);
      market.answer(coinsPath, 200, 'not json at all');
      expect((await get(app, 'listMarketCoins')).json().asOf).toBe('2026-11-21T15:00:00.000Z');
    });
  });

  it('answers 503 { msg } only while nothing was ever fetched', async () => {
    market.answer(coinsPath, 502, { error: 'bad gateway' });
    await withApp(async (app) => {
      const response = await get(app, 'listMarketCoins');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ msg: 'Market data is temporarily unavailable' });
      market.answer(coinsPath, 200, [coingeckoCoin(1)]);
      expect((await get(app, 'listMarketCoins')).statusCode).toBe(200);
    });
  });

  it('answers 503 when the service cannot be reached at all', async () => {
    const app = await createTestApp();
    try {
      expect((await get(app, 'listMarketCoins')).statusCode).toBe(503);
      expect((await get(app, 'listTrendingCoins')).statusCode).toBe(503);
    } finally {
      await app.close();
    }
  });

  it('drops coins the contract cannot carry instead of failing the list', async () => {
    market.answer(coinsPath, 200, [
      coingeckoCoin(1),
      coingeckoCoin(2, { image: 'javascript:alert(1)' }),
      coingeckoCoin(3, { current_price: null }),
      coingeckoCoin(4, {
        ath: null,
        ath_date: null,
        market_cap_rank: null,
        price_change_percentage_24h: null,
      }),
    ]);
    await withApp(async (app) => {
      const body = (await get(app, 'listMarketCoins')).json();
      expect(body.items.map((coin: { id: string }) => coin.id)).toEqual(['coin-1', 'coin-4']);
    });
  });

  it('shares one upstream fetch between concurrent requests', async () => {
    market.answer(coinsPath, 200, [coingeckoCoin(1)]);
    await withApp(async (app) => {
      const before = market.calls.length;
      await Promise.all(Array.from({ length: 5 }, () => get(app, 'listMarketCoins')));
      expect(market.calls.length - before).toBe(1);
    });
  });
});

describe('GET /market/trending', () => {
  it('answers the trending coins sorted by 24 h USD change, descending', async () => {
    market.answer(trendingPath, 200, {
      coins: [
        coingeckoTrending('alpha', 1.5),
        coingeckoTrending('beta', 9.25),
        coingeckoTrending('gamma', -3),
      ],
      nfts: [],
      categories: [],
    });
    await withApp(async (app) => {
      const response = await get(app, 'listTrendingCoins');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.items.map((coin: { id: string }) => coin.id)).toEqual(['beta', 'alpha', 'gamma']);
      expect(body.items[0]).toEqual({
        id: 'beta',
        name: 'BETA',
        symbol: 'BET',
        large: 'https://coin-images.coingecko.com/coins/images/1/large/beta.png',
        data: {
          price: 12.34,
          price_change_percentage_24h: { usd: 9.25 },
          sparkline: 'https://www.coingecko.com/coins/1/sparkline.svg',
        },
      });
    });
  });

  it('caches for 10 minutes and falls back to the last good answer', async () => {
    market.answer(trendingPath, 200, { coins: [coingeckoTrending('alpha', 1)] });
    await withApp(async (app) => {
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-21T15:00:00.000Z') });
      const before = market.calls.length;
      await get(app, 'listTrendingCoins');
      vi.setSystemTime(new Date('2026-11-21T15:09:59.000Z'));
      await get(app, 'listTrendingCoins');
      expect(market.calls.length - before).toBe(1);
      market.answer(trendingPath, 503, { error: 'down' });
      vi.setSystemTime(new Date('2026-11-21T15:10:01.000Z'));
      const stale = await get(app, 'listTrendingCoins');
      expect(market.calls.length - before).toBe(2);
      expect(stale.json().asOf).toBe('2026-11-21T15:00:00.000Z');
    });
  });
});
