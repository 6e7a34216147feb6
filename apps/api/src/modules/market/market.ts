import type { operations } from '@ledgerline/api-client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config/config';
import type { Operations } from '../../http/operations';
import { attribution, marketData } from './market-data';

type MarketCoins = operations['listMarketCoins']['responses'][200]['content']['application/json'];
type TrendingCoins = operations['listTrendingCoins']['responses'][200]['content']['application/json'];
type Unavailable = operations['listMarketCoins']['responses'][503]['content']['application/json'];

/**
 * `GET /market/coins` and `GET /market/trending`: our cached proxy of the public market data
 * service, so browsers never call a third party (the site's CSP allows none) and the service sees
 * one request a minute, not one per visitor.
 */
export function marketOperations(config: Pick<Config, 'MARKET_DATA_URL'>): Operations {
  const market = marketData(config.MARKET_DATA_URL);
  return {
    listMarketCoins: {
      async handler(request: FastifyRequest, reply: FastifyReply): Promise<MarketCoins | Unavailable> {
        const snapshot = await market.coins(request.log);
        if (!snapshot) {
          reply.status(503);
          return { msg: 'Market data is temporarily unavailable' };
        }
        return { asOf: snapshot.asOf.toISOString(), attribution, items: snapshot.items };
      },
    },
    listTrendingCoins: {
      async handler(request: FastifyRequest, reply: FastifyReply): Promise<TrendingCoins | Unavailable> {
        const snapshot = await market.trending(request.log);
        if (!snapshot) {
          reply.status(503);
          return { msg: 'Trending data is temporarily unavailable' };
        }
        return { asOf: snapshot.asOf.toISOString(), attribution, items: snapshot.items };
      },
    },
  };
}
