import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { funds, liveEvents } from '../../db/schema';
import { signedInAdmin } from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { testDatabase } from '../../testing/database';
import { eventsOf, type OpenedStream, openEventStream } from '../../testing/event-stream';
import { startExchangeStandIn } from '../../testing/exchange-stand-in';
import { createWallets, fundedInvestor } from '../../testing/money';
import { listening } from '../../testing/second-instance';
import { closeCandle, hour, insertFund, invest, looseRisk } from '../../testing/trading';
import { ccxtMarketData, type MarketData } from './exchange';
import { recordHalts } from './scheduler';

/*
 * The live events of trading, read over a real port as the site reads them: each fund steps on the
 * exchange stand-in's candles, on a clock in whole hours ahead of the real one.
 */

let app: FastifyInstance;
let db: Database;
let baseUrl: string;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let standIn: Awaited<ReturnType<typeof startExchangeStandIn>>;
let market: MarketData;
const base = (Math.floor(Date.now() / hour) + 2) * hour;
const at = (index: number) => base + index * hour;

beforeAll(async () => {
  standIn = await startExchangeStandIn(['LTC/USDT', 'DOT/USDT']);
  app = await createTestApp({ TRADING_EXCHANGE_URL: standIn.url });
  baseUrl = await listening(app);
  db = (await testDatabase()).db;
  admin = await signedInAdmin(app);
  await createWallets(app, admin);
  market = ccxtMarketData('binance', standIn.url);
  return async () => {
    await app.close();
    await standIn.close();
  };
});

const streamOf = (actor: { headers: Record<string, string> }): Promise<OpenedStream> =>
  openEventStream(baseUrl, actor.headers.authorization?.replace(/^Bearer /, '') ?? '');

const ofType = (stream: OpenedStream, type: string) =>
  eventsOf(stream)
    .filter((event) => event.event === type)
    .map((event) => event.data);

describe('the events of a fund’s steps', () => {
  it('tell the investor their request was priced, the holders each valuation and trade, the admins each fill, and both a pause', async () => {
    const fund = await insertFund(db, {
      slug: 'events-index-ltc',
      risk: { ...looseRisk, maxDrawdownPct: 10 },
      strategy: {
        kind: 'index',
        timeframe: '1h',
        weights: { 'LTC/USDT': 100 },
        rebalanceEveryCandles: 1,
        driftBandPct: 50,
        cashReservePct: 0,
      },
    });
    const investor = await fundedInvestor(app, admin, '500');
    const bystander = await fundedInvestor(app, admin, '10');
    const [investorStream, adminStream, bystanderStream] = await Promise.all([
      streamOf(investor),
      streamOf(admin),
      streamOf(bystander),
    ]);
    try {
      const invested = await invest(app, investor, fund.id, 500);
      const requestId = invested.json().request._id as string;

      // The first close prices the investment at 1 USD a unit: its investor is told, with the units.
      await closeCandle(db, standIn, market, fund, 'LTC/USDT', at(0), '100');
      await investorStream.waitFor((message) => message.event === 'fund.request_priced');
      expect(ofType(investorStream, 'fund.request_priced')).toEqual([
        {
          type: 'fund.request_priced',
          requestId,
          fundId: fund.id,
          fundName: fund.name,
          kind: 'investment',
          status: 'priced',
          units: '500.000000',
          amount: 500,
          navPerUnit: '1.00000000',
          reason: null,
        },
      ]);

      // The next close fills the index's buy: every admin gets the fill, the holder that the fund
      // changed, and its valuation.
      await closeCandle(db, standIn, market, fund, 'LTC/USDT', at(1), '100');
      const filled = await adminStream.waitFor((message) => message.event === 'fund.filled');
      expect(JSON.parse(filled.data ?? '{}')).toEqual({
        type: 'fund.filled',
        fundId: fund.id,
        fundName: fund.name,
        fill: {
          clientId: expect.stringMatching(new RegExp(`^${fund.id}-`)),
          pair: 'LTC/USDT',
          side: 'buy',
          quantity: '5.00000000',
          price: '100.00000000',
          notional: 500,
          fee: 0,
          reason: 'rebalance',
          time: new Date(at(1)).toISOString(),
        },
      });
      await investorStream.waitFor((message) => message.event === 'fund.changed');
      expect(ofType(investorStream, 'fund.changed')).toEqual([{ type: 'fund.changed', fundId: fund.id }]);
      await investorStream.waitFor(() =>
        ofType(investorStream, 'fund.valued').some((event) => event.time === new Date(at(2)).toISOString()),
      );
      expect(ofType(investorStream, 'fund.valued').at(-1)).toEqual({
        type: 'fund.valued',
        fundId: fund.id,
        fundName: fund.name,
        time: new Date(at(2)).toISOString(),
        navPerUnit: '1.00000000',
      });

      // A fall of 20% trips the 10% drawdown circuit breaker: the holder and the admins are told why.
      await closeCandle(db, standIn, market, fund, 'LTC/USDT', at(2), '80');
      const paused = await investorStream.waitFor((message) => message.event === 'fund.paused');
      const pause = JSON.parse(paused.data ?? '{}');
      expect(pause).toEqual({
        type: 'fund.paused',
        fundId: fund.id,
        fundName: fund.name,
        reason: expect.stringMatching(/^NAV per unit fell 10% or more from its highest/),
      });
      await adminStream.waitFor((message) => message.event === 'fund.paused');
      expect(ofType(adminStream, 'fund.paused')).toEqual([pause]);

      // Nothing of a fund reaches a user who holds none of it, and an investor sees no fill itself.
      expect(ofType(investorStream, 'fund.filled')).toEqual([]);
      const otherFund = (type: string) => ofType(bystanderStream, type);
      for (const type of ['fund.filled', 'fund.changed', 'fund.valued', 'fund.paused', 'fund.request_priced'])
        expect(otherFund(type)).toEqual([]);
    } finally {
      for (const stream of [investorStream, adminStream, bystanderStream]) stream.close();
    }
  });

  it('tell holders and admins once when a fund stops trading for want of prices', async () => {
    const fund = await insertFund(db, {
      slug: 'events-index-dot',
      strategy: {
        kind: 'index',
        timeframe: '1h',
        weights: { 'DOT/USDT': 100 },
        rebalanceEveryCandles: 1,
        driftBandPct: 50,
        cashReservePct: 0,
      },
    });
    const investor = await fundedInvestor(app, admin, '100');
    await invest(app, investor, fund.id, 100);
    await closeCandle(db, standIn, market, fund, 'DOT/USDT', at(0), '5');
    const adminStream = await streamOf(admin);
    const investorStream = await streamOf(investor);
    try {
      const failures = new Map([['DOT/USDT', 'connect ECONNREFUSED']]);
      const now = at(1) + 1_000;
      const stored = async () => {
        const [row] = await db.select().from(funds).where(eq(funds.id, fund.id));
        if (!row) throw new Error('no fund');
        return row;
      };
      await recordHalts(db, 'binance', [await stored()], failures, now);
      // Still unreachable at the next round: said once, not again.
      await recordHalts(db, 'binance', [await stored()], failures, now);
      const reason = `The exchange (binance) cannot be reached for DOT/USDT: no order is placed until its prices return.`;
      await investorStream.waitFor((message) => message.event === 'fund.paused');
      await adminStream.waitFor((message) => message.event === 'fund.paused');
      const raised = await db.select().from(liveEvents).where(eq(liveEvents.type, 'fund.paused'));
      const forThisFund = raised.filter((row) => (row.data as { fundId?: string }).fundId === fund.id);
      // One for the admins and one for the one holder.
      expect(forThisFund).toHaveLength(2);
      expect(ofType(investorStream, 'fund.paused')).toEqual([
        { type: 'fund.paused', fundId: fund.id, fundName: fund.name, reason },
      ]);
    } finally {
      adminStream.close();
      investorStream.close();
    }
  });
  it('tell holders and admins when an admin pauses a fund, with the admin’s reason', async () => {
    const fund = await insertFund(db, {
      slug: 'events-paused-by-hand',
      strategy: {
        kind: 'index',
        timeframe: '1h',
        weights: { 'DOT/USDT': 100 },
        rebalanceEveryCandles: 1,
        driftBandPct: 50,
        cashReservePct: 0,
      },
    });
    const investor = await fundedInvestor(app, admin, '100');
    await invest(app, investor, fund.id, 100);
    // The step prices the investment: the investor now holds units, so hears of the fund.
    await closeCandle(db, standIn, market, fund, 'DOT/USDT', at(20), '5');
    const adminStream = await streamOf(admin);
    const investorStream = await streamOf(investor);
    try {
      const paused = await app.inject({
        method: 'PATCH',
        url: `/api/v1/admin/funds/${fund.id}`,
        headers: admin.headers,
        payload: { paused: true, reason: 'Exchange maintenance' },
      });
      expect(paused.statusCode).toBe(200);
      const heard = await investorStream.waitFor((message) => message.event === 'fund.paused');
      expect(JSON.parse(heard.data ?? '{}')).toEqual({
        type: 'fund.paused',
        fundId: fund.id,
        fundName: fund.name,
        reason: 'Exchange maintenance',
      });
      await adminStream.waitFor((message) => message.event === 'fund.paused');
    } finally {
      adminStream.close();
      investorStream.close();
    }
  });
});
