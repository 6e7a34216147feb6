import type { components } from '@ledgerline/api-client/contract';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';

type MarketCoin = components['schemas']['MarketCoin'];
type TrendingCoin = components['schemas']['TrendingCoin'];

/** The market data service's terms ask for this line wherever its data is shown. */
export const attribution = 'Data provided by CoinGecko';

/** How long an upstream call may take before the last good answer is served instead. */
const upstreamTimeoutMs = 5_000;

const webUrl = z.url({ protocol: /^https?$/ });
const nullableNumber = z
  .number()
  .nullish()
  .transform((value) => value ?? null);
/** Some answers carry numbers as strings ("0.0123"); anything else is not a price. */
const numeric = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?\d+(\.\d+)?(e-?\d+)?$/i)
    .transform(Number),
]);

const upstreamCoin = z.object({
  id: z.string(),
  symbol: z.string(),
  name: z.string(),
  image: webUrl,
  current_price: z.number(),
  market_cap_rank: z
    .number()
    .int()
    .nullish()
    .transform((value) => value ?? null),
  ath: nullableNumber,
  ath_date: z.iso
    .datetime({ offset: true })
    .nullish()
    .transform((value) => value ?? null),
  price_change_percentage_24h: nullableNumber,
});

const upstreamTrendingItem = z.object({
  item: z.object({
    id: z.string(),
    name: z.string(),
    symbol: z.string(),
    large: webUrl,
    data: z.object({
      price: numeric,
      price_change_percentage_24h: z.object({ usd: numeric }),
      sparkline: webUrl,
    }),
  }),
});

/**
 * Keeps the items that match the contract and drops the others: one malformed coin upstream must
 * not cost the whole list, nor ever reach the site in a shape the contract does not promise.
 */
function wellFormed<T>(items: unknown[], schema: z.ZodType<T>): T[] {
  return items.flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

async function fetchJson(url: string): Promise<unknown> {
  const response = await fetch(url, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(upstreamTimeoutMs),
  });
  if (!response.ok)
    throw new Error(`market data service answered ${response.status} for ${new URL(url).pathname}`);
  return response.json();
}

export type Snapshot<Item> = { asOf: Date; items: Item[] };

/**
 * One upstream list, cached for `freshForMs`. When it is stale the next request fetches it again
 * (concurrent requests share one fetch); when that fails, the last good snapshot is served with its
 * own `asOf`. Null only while nothing was ever fetched.
 */
export function cachedFeed<Item>(
  name: string,
  load: () => Promise<Item[]>,
  freshForMs: number,
): (log: FastifyBaseLogger) => Promise<Snapshot<Item> | null> {
  let last: Snapshot<Item> | null = null;
  let inFlight: Promise<void> | null = null;
  return async (log) => {
    if (last && Date.now() - last.asOf.getTime() < freshForMs) return last;
    inFlight ??= load()
      .then((items) => {
        last = { asOf: new Date(), items };
      })
      .catch((error: unknown) => {
        log.warn({ err: error, feed: name }, 'market data fetch failed; serving the last good answer');
      })
      .finally(() => {
        inFlight = null;
      });
    await inFlight;
    return last;
  };
}

/** The two lists the site shows, from the market data service at `baseUrl` (CoinGecko's v3 API). */
export function marketData(baseUrl: string) {
  const base = baseUrl.replace(/\/$/, '');
  return {
    /** The first 50 coins by market cap, in USD; fresh for 60 s. */
    coins: cachedFeed<MarketCoin>(
      'coins',
      async () => {
        const body = await fetchJson(
          `${base}/coins/markets?vs_currency=usd&order=market_cap_desc&per_page=50&page=1&sparkline=false`,
        );
        if (!Array.isArray(body)) throw new Error('coins markets answer is not a list');
        return wellFormed(body, upstreamCoin).slice(0, 50);
      },
      60_000,
    ),
    /** Trending coins, sorted by 24-hour USD change, descending; fresh for 10 minutes. */
    trending: cachedFeed<TrendingCoin>(
      'trending',
      async () => {
        const body = (await fetchJson(`${base}/search/trending`)) as { coins?: unknown };
        if (!Array.isArray(body?.coins)) throw new Error('trending answer has no coins list');
        return wellFormed(body.coins, upstreamTrendingItem)
          .map(({ item }) => item)
          .sort((a, b) => b.data.price_change_percentage_24h.usd - a.data.price_change_percentage_24h.usd);
      },
      10 * 60_000,
    ),
  };
}
