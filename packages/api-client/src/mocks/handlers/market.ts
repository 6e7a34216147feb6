import { marketCoins, trendingCoins } from '../fixtures/market';
import { jsonOperation } from '../mock-operation';

export const marketMocks = {
  listMarketCoins: jsonOperation('listMarketCoins', 'get', '/market/coins', {
    status: 200,
    fixture: () => marketCoins,
  }),
  listTrendingCoins: jsonOperation('listTrendingCoins', 'get', '/market/trending', {
    status: 200,
    fixture: () => trendingCoins,
  }),
};
