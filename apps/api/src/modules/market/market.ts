import type { operations } from '@ledgerline/api-client/contract';
import type { Config } from '../../config/config';
import { HttpError } from '../../http/errors';
import type { Operations } from '../../http/operations';
import { attribution, marketData } from './market-data';

type MarketCoins = operations['listMarketCoins']['responses'][200]['content']['application/json'];
type TrendingCoins = operations['listTrendingCoins']['responses'][200]['content']['application/json'];

/**
 * `GET /market/coins` and `GET /market/trending`: our cached proxy of the public market data
 * service, so browsers never call a third party (the site's CSP allows none) and the service sees
 * one request a minute, not one per visitor.
 */
export function marketOperations(config: Pick<Config, 'MARKET_DATA_URL'>) {
  const market = marketData(config.MARKET_DATA_URL);
  return {
    listMarketCoins: {
      async handler(request): Promise<MarketCoins> {
        const snapshot = await market.coins(request.log);
        if (!snapshot) throw new HttpError(503, 'Market data is temporarily unavailable');
        return { asOf: snapshot.asOf.toISOString(), attribution, items: snapshot.items };
      },
    },
    listTrendingCoins: {
      async handler(request): Promise<TrendingCoins> {
        const snapshot = await market.trending(request.log);
        if (!snapshot) throw new HttpError(503, 'Trending data is temporarily unavailable');
        return { asOf: snapshot.asOf.toISOString(), attribution, items: snapshot.items };
      },
    },
  } satisfies Operations;
}
