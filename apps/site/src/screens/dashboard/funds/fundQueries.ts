import { $api } from '../../../api/queryClient';

/** Every fund an investor can hold (`GET /funds`). */
export const fundsQuery = $api.queryOptions('get', '/funds');

/** One fund's fact sheet (`GET /funds/{fundId}`): holdings, recent fills, NAV history. */
export const fundQuery = (fundId: string) =>
  $api.queryOptions('get', '/funds/{fundId}', { params: { path: { fundId } } });

/** The investor's holdings and the requests still waiting for a valuation (`GET /portfolio`). */
export const portfolioQuery = $api.queryOptions('get', '/portfolio');
