import {
  adminTrading,
  allFunds,
  appropriatenessPassed,
  balanceHistory,
  coolingOffInvestment,
  doneBacktest,
  pendingInvestment,
  pendingRedemption,
  portfolio,
  queuedBacktest,
  trendAdminFund,
  trendFund,
  trendFundDetail,
  trendFundFills,
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
  getAppropriateness: jsonOperation('getAppropriateness', 'get', '/users/appropriateness', {
    status: 200,
    fixture: () => appropriatenessPassed,
  }),
  takeAppropriatenessCheck: jsonOperation('takeAppropriatenessCheck', 'post', '/users/appropriateness', {
    status: 200,
    fixture: () => ({ ...appropriatenessPassed, takenAt: '2026-11-28T09:12:00.000Z' }),
  }),
  investInFund: jsonOperation('investInFund', 'post', '/funds/{fundId}/investments', {
    status: 202,
    fixture: () => ({
      msg: 'Investment received; it is priced at the next valuation',
      request: pendingInvestment,
    }),
  }),
  cancelFundRequest: jsonOperation('cancelFundRequest', 'post', '/fund-requests/{requestId}/cancel', {
    status: 200,
    fixture: () => ({
      msg: 'Investment cancelled; $250.00 is available again',
      request: {
        ...coolingOffInvestment,
        status: 'cancelled' as const,
        reason: 'Cancelled by the investor during the cooling-off period',
      },
    }),
  }),
  redeemFromFund: jsonOperation('redeemFromFund', 'post', '/funds/{fundId}/redemptions', {
    status: 202,
    fixture: () => ({
      msg: 'Redemption received; it is priced at the next valuation',
      request: pendingRedemption,
    }),
  }),
  listFundFills: jsonOperation('listFundFills', 'get', '/funds/{fundId}/fills', {
    status: 200,
    fixture: () => trendFundFills,
  }),
  startBacktest: jsonOperation('startBacktest', 'post', '/backtests', {
    status: 202,
    fixture: () => ({ msg: 'Backtest started; its progress arrives as events', backtest: queuedBacktest }),
  }),
  getBacktest: jsonOperation('getBacktest', 'get', '/backtests/{backtestId}', {
    status: 200,
    fixture: ({ params }) =>
      typeof params.backtestId === 'string' ? { ...doneBacktest, _id: params.backtestId } : doneBacktest,
  }),
  adminCreateFund: jsonOperation('adminCreateFund', 'post', '/admin/funds', {
    status: 201,
    fixture: () => trendFund,
  }),
  adminPauseTrading: jsonOperation('adminPauseTrading', 'post', '/admin/trading/pause', {
    status: 200,
    fixture: () => ({
      paused: true,
      reason: 'The exchange reports an incident',
      changedAt: '2026-11-27T09:30:00.000Z',
      changedBy: 'ada admin',
    }),
  }),
  adminResumeTrading: jsonOperation('adminResumeTrading', 'post', '/admin/trading/resume', {
    status: 200,
    fixture: () => ({
      paused: false,
      reason: null,
      changedAt: '2026-11-27T10:30:00.000Z',
      changedBy: 'ada admin',
    }),
  }),
  getBalanceHistory: jsonOperation('getBalanceHistory', 'get', '/balance-history', {
    status: 200,
    fixture: () => balanceHistory,
  }),
  getPortfolio: jsonOperation('getPortfolio', 'get', '/portfolio', { status: 200, fixture: () => portfolio }),
  adminGetTrading: jsonOperation('adminGetTrading', 'get', '/admin/trading', {
    status: 200,
    fixture: () => adminTrading,
  }),
  /** Any fund of the desk in full: its own figures, the trend follower's events and reconciliation. */
  adminGetFund: jsonOperation('adminGetFund', 'get', '/admin/funds/{fundId}', {
    status: 200,
    fixture: ({ params }) => ({
      ...trendAdminFund,
      fund: adminTrading.funds.find((item) => item.fund._id === params.fundId) ?? trendAdminFund.fund,
    }),
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
