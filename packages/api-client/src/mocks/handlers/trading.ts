import {
  adminTrading,
  allFunds,
  pendingInvestment,
  pendingRedemption,
  portfolio,
  trendFund,
  trendFundDetail,
} from '../fixtures/trading';
import { jsonOperation } from '../mock-operation';

/** The funds of a platform a day in, and Jane's holding of the trend follower. */
export const tradingMocks = {
  listFunds: jsonOperation('listFunds', 'get', '/funds', {
    status: 200,
    fixture: () => ({ items: allFunds }),
  }),
  getFund: jsonOperation('getFund', 'get', '/funds/{fundId}', {
    status: 200,
    fixture: ({ params }) => {
      const fund = allFunds.find((candidate) => candidate._id === params.fundId) ?? trendFund;
      return { ...trendFundDetail, fund };
    },
  }),
  investInFund: jsonOperation('investInFund', 'post', '/funds/{fundId}/investments', {
    status: 202,
    fixture: () => ({
      msg: 'Investment received; it is priced at the next valuation',
      request: pendingInvestment,
    }),
  }),
  redeemFromFund: jsonOperation('redeemFromFund', 'post', '/funds/{fundId}/redemptions', {
    status: 202,
    fixture: () => ({
      msg: 'Redemption received; it is priced at the next valuation',
      request: pendingRedemption,
    }),
  }),
  getPortfolio: jsonOperation('getPortfolio', 'get', '/portfolio', { status: 200, fixture: () => portfolio }),
  adminGetTrading: jsonOperation('adminGetTrading', 'get', '/admin/trading', {
    status: 200,
    fixture: () => adminTrading,
  }),
  /** The fund with the pause the admin sent. */
  adminUpdateFund: jsonOperation('adminUpdateFund', 'patch', '/admin/funds/{fundId}', {
    status: 200,
    fixture: async ({ request }) => {
      const change: unknown = await request.json().catch(() => null);
      const paused =
        typeof change === 'object' && change !== null && 'paused' in change && change.paused === true;
      return paused
        ? { ...trendFund, status: 'paused' as const, statusReason: 'Paused by an admin' }
        : trendFund;
    },
  }),
};
