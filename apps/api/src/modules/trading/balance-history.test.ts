import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { signedInAdmin, signedInInvestor } from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { expectContract } from '../../testing/contract';
import { testDatabase } from '../../testing/database';
import { startExchangeStandIn } from '../../testing/exchange-stand-in';
import { createWallets, figures, fundedInvestor } from '../../testing/money';
import { closeCandle, hour, insertFund, invest, portfolio } from '../../testing/trading';
import type { DailyMovement } from '../ledger/figures';
import { balancePoints } from './balance-history';
import { ccxtMarketData, type MarketData } from './exchange';

/*
 * The overview's balance by day: cash and invested money at the end of each UTC day, from the ledger
 * and the funds' valuations. Today's point is the total balance the user reads everywhere else.
 */

let app: FastifyInstance;
let db: Database;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let standIn: Awaited<ReturnType<typeof startExchangeStandIn>>;
let market: MarketData;
const base = (Math.floor(Date.now() / hour) + 2) * hour;
const at = (index: number) => base + index * hour;

beforeAll(async () => {
  standIn = await startExchangeStandIn(['ADA/USDT']);
  app = await createTestApp({ TRADING_EXCHANGE_URL: standIn.url });
  db = (await testDatabase()).db;
  admin = await signedInAdmin(app);
  await createWallets(app, admin);
  market = ccxtMarketData('binance', standIn.url);
  return async () => {
    await app.close();
    await standIn.close();
  };
});

async function history(headers: Record<string, string>, query = '') {
  const response = await app.inject({ method: 'GET', url: `/api/v1/balance-history${query}`, headers });
  await expectContract('getBalanceHistory', response);
  return response;
}

describe('the balance by day', () => {
  it("ends today at the total balance: cash, and the fund's units at its last NAV per unit", async () => {
    const fund = await insertFund(db, {
      slug: 'balance-history-ada',
      strategy: {
        kind: 'index',
        timeframe: '1h',
        weights: { 'ADA/USDT': 100 },
        rebalanceEveryCandles: 1,
        driftBandPct: 50,
        cashReservePct: 0,
      },
    });
    const investor = await fundedInvestor(app, admin, '1000');
    expect((await invest(app, investor, fund.id, 400)).statusCode).toBe(202);
    await closeCandle(db, standIn, market, fund, 'ADA/USDT', at(0), '0.5');
    await closeCandle(db, standIn, market, fund, 'ADA/USDT', at(1), '0.5');
    await closeCandle(db, standIn, market, fund, 'ADA/USDT', at(2), '0.65');

    const response = await history(investor.headers);
    expect(response.statusCode, response.body).toBe(200);
    const { points } = response.json() as { points: { date: string; cash: number; invested: number }[] };
    // The account opened today: one day.
    expect(points.map((point) => point.date)).toEqual([new Date().toISOString().slice(0, 10)]);
    const [today] = points;
    const held = await portfolio(app, investor);
    const { totalBalance, availableBalance } = await figures(app, investor);
    expect(today?.cash).toBe(availableBalance);
    expect(today?.invested).toBe(held.totalValue);
    expect(today?.invested).toBeGreaterThan(400);
    expect(Math.round(((today?.cash ?? 0) + (today?.invested ?? 0)) * 100)).toBe(
      Math.round(totalBalance * 100),
    );
  });

  it('answers a new account one day at zero, and refuses a period out of range', async () => {
    const newcomer = await signedInInvestor(app);
    const response = await history(newcomer.headers, '?days=7');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().points).toEqual([
      { date: new Date().toISOString().slice(0, 10), cash: 0, invested: 0 },
    ]);
    for (const days of ['6', '366', 'ninety']) {
      expect((await history(newcomer.headers, `?days=${days}`)).statusCode).toBe(400);
    }
    const anonymous = await app.inject({ method: 'GET', url: '/api/v1/balance-history' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the days between', () => {
  const fundId = 'f0000000-0000-4000-8000-000000000001';
  const movements: DailyMovement[] = [
    // Before the first day shown: the opening balance.
    { day: '2026-11-01', account: 'available', fundId: null, amount: 1_000_00n },
    { day: '2026-11-03', account: 'available', fundId: null, amount: -400_00n },
    { day: '2026-11-03', account: 'pending_investment', fundId: null, amount: 400_00n },
    { day: '2026-11-04', account: 'pending_investment', fundId: null, amount: -400_00n },
    { day: '2026-11-04', account: 'fund_units', fundId, amount: 400_000000n },
    { day: '2026-11-06', account: 'available', fundId: null, amount: -100_00n },
    { day: '2026-11-06', account: 'held', fundId: null, amount: 100_00n },
  ];
  // 1.00 on the 4th, 1.10 on the 5th; no valuation on the 6th: the 5th's carries.
  const navs = new Map([
    [
      fundId,
      [
        { date: '2026-11-04', navPerUnit8: 100_000_000n },
        { date: '2026-11-05', navPerUnit8: 110_000_000n },
      ],
    ],
  ]);

  it('carries balances and NAVs over days without movements, and counts what came before', () => {
    expect(balancePoints(movements, navs, '2026-11-02', '2026-11-06')).toEqual([
      { date: '2026-11-02', cash: 1000, invested: 0 },
      { date: '2026-11-03', cash: 600, invested: 400 },
      { date: '2026-11-04', cash: 600, invested: 400 },
      { date: '2026-11-05', cash: 600, invested: 440 },
      { date: '2026-11-06', cash: 600, invested: 440 },
    ]);
  });

  it("values units issued before their valuation's day at that first valuation", () => {
    const early = movements.map((movement) =>
      movement.account === 'fund_units' ? { ...movement, day: '2026-11-03' } : movement,
    );
    expect(balancePoints(early, navs, '2026-11-03', '2026-11-03')).toEqual([
      { date: '2026-11-03', cash: 600, invested: 800 },
    ]);
  });
});
