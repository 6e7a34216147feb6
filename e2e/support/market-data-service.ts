import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { marketCoinsOf, trendingCoinsOf } from './market-fixtures';

/**
 * The market data service's two calls, answered on 127.0.0.1 (the API proxies and caches them), with
 * images that point at the site at `siteUrl`.
 */
export async function startMarketDataService(
  siteUrl: string,
): Promise<{ url: string; close: () => Promise<void> }> {
  const marketCoins = marketCoinsOf(siteUrl);
  const trendingCoins = trendingCoinsOf(siteUrl);
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const body = url.pathname.endsWith('/coins/markets')
      ? marketCoins
      : url.pathname.endsWith('/search/trending')
        ? trendingCoins
        : null;
    response.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body ?? { error: 'not found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        // The API keeps its connections alive: without this, close() waits for them to time out.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
