import {
  type Candle,
  type MarketRules,
  parseDecimal,
  priceScale,
  quantityScale,
  type Timeframe,
  timeframes,
  usdScale,
} from '@ledgerline/engine';

/*
 * The exchange's public market data through ccxt: closed candles and each pair's trading rules. ccxt
 * is large (tens of megabytes): it is imported the first time market data is needed, never at start
 * and never on a user's request. `TRADING_EXCHANGE_URL` replaces the host of every REST endpoint of
 * the exchange, so tests point it at a local stand-in that speaks the same REST.
 */

/** What the fund step needs from an exchange. */
export type MarketData = {
  readonly exchangeId: string;
  /** The closed candles of `pair` whose open time is at or after `since`, oldest first (at most `limit`). */
  closedCandles(
    pair: string,
    timeframe: Timeframe,
    since: number,
    now: number,
    limit?: number,
  ): Promise<Candle[]>;
  /** The exchange's order rules for each pair it lists among `pairs`. */
  marketRules(pairs: readonly string[]): Promise<Record<string, MarketRules>>;
};

/** The part of a ccxt exchange this module uses. */
type CcxtExchange = {
  urls: { api?: unknown };
  number: unknown;
  loadMarkets(): Promise<Record<string, CcxtMarket>>;
  fetchOHLCV(symbol: string, timeframe: string, since?: number, limit?: number): Promise<unknown[][]>;
};

type CcxtMarket = {
  limits?: { amount?: { min?: unknown }; cost?: { min?: unknown } };
  precision?: { amount?: unknown; price?: unknown };
};

/** A number or decimal text from ccxt as an integer at `scale`, digits beyond the scale cut off. */
export function scaled(value: unknown, scale: number): bigint {
  const text =
    typeof value === 'number' ? value.toFixed(scale) : typeof value === 'string' ? value.trim() : 'NaN';
  const match = /^(-?\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) throw new RangeError(`Not a decimal: ${String(value)}`);
  const [, whole = '0', fraction = ''] = match;
  return parseDecimal(`${whole}.${fraction.slice(0, scale).padEnd(1, '0')}`, scale);
}

/** Every REST URL of the exchange moved to `base` (scheme, host and port), paths kept. */
function pointAt(api: unknown, base: string): unknown {
  if (typeof api === 'string') return api.replace(/^https?:\/\/[^/]+/, base);
  if (typeof api === 'object' && api !== null) {
    const moved: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(api)) moved[key] = pointAt(value, base);
    return moved;
  }
  return api;
}

/** A ccxt exchange by id, at its own URLs or at `url`. Loads ccxt on first use. */
async function ccxtExchange(exchangeId: string, url: string | undefined): Promise<CcxtExchange> {
  const ccxt = (await import('ccxt')) as unknown as Record<string, unknown> & {
    default?: Record<string, unknown>;
  };
  const classes = (ccxt.default ?? ccxt) as Record<string, unknown>;
  const ExchangeClass = classes[exchangeId];
  if (typeof ExchangeClass !== 'function') throw new Error(`ccxt has no exchange "${exchangeId}"`);
  const exchange = new (ExchangeClass as new (options: object) => CcxtExchange)({
    enableRateLimit: true,
    timeout: 10_000,
    // Spot markets only: the funds trade spot pairs, and the futures endpoints are other hosts.
    options: { defaultType: 'spot', fetchMarkets: { types: ['spot'] } },
  });
  // Prices arrive as decimal text, never through floating point.
  exchange.number = String;
  if (url !== undefined) exchange.urls.api = pointAt(exchange.urls.api, url.replace(/\/+$/, ''));
  return exchange;
}

/** Market data from one exchange through ccxt (`TRADING_EXCHANGE`, optionally at `TRADING_EXCHANGE_URL`). */
export function ccxtMarketData(exchangeId: string, url?: string): MarketData {
  let exchange: Promise<CcxtExchange> | null = null;
  let markets: Promise<Record<string, CcxtMarket>> | null = null;
  const connect = () => {
    exchange ??= ccxtExchange(exchangeId, url);
    return exchange;
  };
  const loadMarkets = async () => {
    const connected = await connect();
    markets ??= connected.loadMarkets().catch((error: unknown) => {
      markets = null;
      throw error;
    });
    return markets;
  };
  return {
    exchangeId,
    async closedCandles(pair, timeframe, since, now, limit = 500) {
      const connected = await connect();
      await loadMarkets();
      const rows = await connected.fetchOHLCV(pair, timeframe, since, limit);
      const length = timeframes[timeframe];
      const candles: Candle[] = [];
      for (const row of rows) {
        const [time, open, high, low, close, volume] = row;
        if (typeof time !== 'number' && typeof time !== 'string') continue;
        const openTime = Number(time);
        // Only closed candles: the one still open would be read as a price it has not reached yet.
        if (openTime < since || openTime + length > now) continue;
        candles.push({
          time: openTime,
          open: scaled(open, priceScale),
          high: scaled(high, priceScale),
          low: scaled(low, priceScale),
          close: scaled(close, priceScale),
          volume: scaled(volume ?? '0', quantityScale),
        });
      }
      return candles.sort((a, b) => a.time - b.time);
    },
    async marketRules(pairs) {
      const loaded = await loadMarkets();
      const rules: Record<string, MarketRules> = {};
      for (const pair of pairs) {
        const market = loaded[pair];
        if (market === undefined) continue;
        const step = market.precision?.amount;
        const tick = market.precision?.price;
        const minQuantity = market.limits?.amount?.min;
        const minCost = market.limits?.cost?.min;
        const quantityStep = step === undefined || step === null ? 1n : scaled(step, quantityScale);
        const priceTick = tick === undefined || tick === null ? 1n : scaled(tick, priceScale);
        rules[pair] = {
          quantityStep: quantityStep > 0n ? quantityStep : 1n,
          priceTick: priceTick > 0n ? priceTick : 1n,
          minQuantity:
            minQuantity === undefined || minQuantity === null ? 1n : scaled(minQuantity, quantityScale),
          minNotionalCents: minCost === undefined || minCost === null ? 1n : scaled(minCost, usdScale),
        };
      }
      return rules;
    },
  };
}

const offeredTimeframes = new Map<string, Promise<readonly string[] | null>>();

/**
 * The candle lengths the exchange offers (`1m`, `1h`, …), as ccxt describes it without asking the
 * exchange; null when ccxt does not know it. Loads ccxt on first use.
 */
export function exchangeTimeframes(exchangeId: string): Promise<readonly string[] | null> {
  let offered = offeredTimeframes.get(exchangeId);
  if (offered === undefined) {
    offered = ccxtExchange(exchangeId, undefined)
      .then((exchange) => {
        const known = (exchange as unknown as { timeframes?: unknown }).timeframes;
        return typeof known === 'object' && known !== null ? Object.keys(known) : null;
      })
      .catch(() => null);
    offeredTimeframes.set(exchangeId, offered);
  }
  return offered;
}
