import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A candle the stand-in serves: open time in ms and prices as decimal text (US dollars). */
export type StandInCandle = {
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume?: string;
};

/** A candle whose open, high, low and close are all `price`. */
export function flatCandle(time: number, price: string): StandInCandle {
  return { time, open: price, high: price, low: price, close: price };
}

const symbolOf = (pair: string) => pair.replace('/', '');

/**
 * A local stand-in of Binance's public REST API on 127.0.0.1, enough for ccxt's `loadMarkets`,
 * `fetchOHLCV` and the last prices: `/api/v3/exchangeInfo`, `/api/v3/klines` and
 * `/api/v3/ticker/price`, in Binance's own JSON shapes. The test sets each pair's candles and moves
 * prices by adding candles; `stopAnswering()` makes every request fail as an unreachable exchange.
 */
export async function startExchangeStandIn(pairs: readonly string[] = ['BTC/USDT', 'ETH/USDT', 'SOL/USDT']) {
  const series = new Map<string, StandInCandle[]>(pairs.map((pair) => [symbolOf(pair), []]));
  const requests: string[] = [];
  let answering = true;
  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    requests.push(`${url.pathname}${url.search}`);
    if (!answering) {
      response.destroy();
      return;
    }
    if (url.pathname === '/api/v3/exchangeInfo') {
      json(response, 200, {
        timezone: 'UTC',
        serverTime: Date.now(),
        rateLimits: [],
        exchangeFilters: [],
        symbols: pairs.map((pair) => {
          const [base = '', quote = ''] = pair.split('/');
          return {
            symbol: symbolOf(pair),
            status: 'TRADING',
            baseAsset: base,
            baseAssetPrecision: 8,
            quoteAsset: quote,
            quotePrecision: 8,
            quoteAssetPrecision: 8,
            orderTypes: ['LIMIT', 'MARKET'],
            icebergAllowed: true,
            ocoAllowed: true,
            isSpotTradingAllowed: true,
            isMarginTradingAllowed: false,
            filters: [
              {
                filterType: 'PRICE_FILTER',
                minPrice: '0.01000000',
                maxPrice: '1000000.00000000',
                tickSize: '0.01000000',
              },
              {
                filterType: 'LOT_SIZE',
                minQty: '0.00001000',
                maxQty: '9000.00000000',
                stepSize: '0.00001000',
              },
              {
                filterType: 'NOTIONAL',
                minNotional: '5.00000000',
                applyMinToMarket: true,
                maxNotional: '9000000.00000000',
              },
            ],
            permissions: [],
            permissionSets: [['SPOT']],
          };
        }),
      });
      return;
    }
    if (url.pathname === '/api/v3/klines') {
      const candles = series.get(url.searchParams.get('symbol') ?? '');
      if (!candles) {
        json(response, 400, { code: -1121, msg: 'Invalid symbol.' });
        return;
      }
      const interval = url.searchParams.get('interval') ?? '1h';
      const length = {
        '1m': 60_000,
        '5m': 300_000,
        '15m': 900_000,
        '1h': 3_600_000,
        '4h': 14_400_000,
        '1d': 86_400_000,
      }[interval];
      const start = Number(url.searchParams.get('startTime') ?? 0);
      const end = Number(url.searchParams.get('endTime') ?? Number.MAX_SAFE_INTEGER);
      const limit = Number(url.searchParams.get('limit') ?? 500);
      const rows = candles
        .filter((candle) => candle.time >= start && candle.time <= end)
        .slice(0, limit)
        .map((candle) => [
          candle.time,
          candle.open,
          candle.high,
          candle.low,
          candle.close,
          candle.volume ?? '1.00000000',
          candle.time + (length ?? 3_600_000) - 1,
          '0',
          1,
          '0',
          '0',
          '0',
        ]);
      json(response, 200, rows);
      return;
    }
    if (url.pathname === '/api/v3/ticker/price') {
      const last = (symbol: string) => {
        const candles = series.get(symbol) ?? [];
        return { symbol, price: candles[candles.length - 1]?.close ?? '0' };
      };
      const symbol = url.searchParams.get('symbol');
      json(response, 200, symbol ? last(symbol) : [...series.keys()].map(last));
      return;
    }
    json(response, 404, { code: -1, msg: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** What `TRADING_EXCHANGE_URL` is set to. */
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Replaces a pair's candles (kept in time order). */
    setCandles(pair: string, candles: readonly StandInCandle[]) {
      series.set(
        symbolOf(pair),
        [...candles].sort((a, b) => a.time - b.time),
      );
    },
    /** Adds one candle of a pair (the price moves). */
    addCandle(pair: string, candle: StandInCandle) {
      const candles = series.get(symbolOf(pair)) ?? [];
      candles.push(candle);
      candles.sort((a, b) => a.time - b.time);
      series.set(symbolOf(pair), candles);
    },
    stopAnswering() {
      answering = false;
    },
    answerAgain() {
      answering = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
