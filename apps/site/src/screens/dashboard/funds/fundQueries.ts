import { useQuery } from '@tanstack/react-query';
import { $api } from '../../../api/queryClient';

/** Every fund an investor can hold (`GET /funds`). */
export const fundsQuery = $api.queryOptions('get', '/funds');

/** One fund's fact sheet (`GET /funds/{fundId}`): holdings, recent fills, NAV history. */
export const fundQuery = (fundId: string) =>
  $api.queryOptions('get', '/funds/{fundId}', { params: { path: { fundId } } });

/**
 * The appropriateness check as the investor stands (`GET /users/appropriateness`): asked before a
 * first investment, so the invest dialog reads it as it opens.
 */
export const appropriatenessQuery = $api.queryOptions('get', '/users/appropriateness');

/** The investor's holdings and the requests still waiting for a valuation (`GET /portfolio`). */
export const portfolioQuery = $api.queryOptions('get', '/portfolio');

/**
 * The portfolio, asked again every 30 s while a request waits for its valuation, so a priced request
 * leaves the pending list (and its units arrive) without a reload. Nothing waits: no polling.
 */
export function usePortfolio() {
  return useQuery({
    ...portfolioQuery,
    refetchInterval: (query) => ((query.state.data?.pendingRequests.length ?? 0) > 0 ? 30_000 : false),
  });
}
