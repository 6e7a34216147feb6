import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { fundRequests } from '../../db/schema';
import { signedInAdmin } from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { expectContract } from '../../testing/contract';
import { testDatabase } from '../../testing/database';
import { startExchangeStandIn } from '../../testing/exchange-stand-in';
import { createWallets, figures, fundedInvestor } from '../../testing/money';
import { closeCandle, hour, insertFund, invest } from '../../testing/trading';
import { unbalancedJournalCount } from '../ledger/fund-postings';
import { cancelledInCoolingOff } from './cooling-off';
import { ccxtMarketData, type MarketData } from './exchange';

/*
 * A first-time investor's cooling-off period (24 hours here): their first investment waits for the
 * first valuation after it and can be cancelled until then, its money back once; later investments
 * are priced at the next valuation as before.
 */

type Investor = Awaited<ReturnType<typeof fundedInvestor>>;

let app: FastifyInstance;
let db: Database;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let standIn: Awaited<ReturnType<typeof startExchangeStandIn>>;
let market: MarketData;
const base = (Math.floor(Date.now() / hour) + 2) * hour;
const at = (index: number) => base + index * hour;
const coolingOffMs = 24 * hour;

beforeAll(async () => {
  standIn = await startExchangeStandIn(['ADA/USDT']);
  app = await createTestApp({
    TRADING_EXCHANGE_URL: standIn.url,
    FIRST_INVESTMENT_COOLING_OFF_HOURS: '24',
  });
  db = (await testDatabase()).db;
  admin = await signedInAdmin(app);
  await createWallets(app, admin);
  market = ccxtMarketData('binance', standIn.url);
  return async () => {
    await app.close();
    await standIn.close();
  };
});

afterAll(async () => {
  expect(await unbalancedJournalCount(db)).toBe(0);
});

async function cancel(investor: Investor, requestId: string) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/fund-requests/${requestId}/cancel`,
    headers: investor.headers,
  });
  await expectContract('cancelFundRequest', response);
  return response;
}

async function statusOf(requestId: string) {
  const [row] = await db.select().from(fundRequests).where(eq(fundRequests.id, requestId));
  return row?.status;
}

describe('the cooling-off period of a first investment', () => {
  it('holds the first investment until the first valuation after it; later ones are priced at once', async () => {
    const fund = await insertFund(db, {
      slug: 'cooling-index-ada',
      strategy: {
        kind: 'index',
        timeframe: '1h',
        weights: { 'ADA/USDT': 100 },
        rebalanceEveryCandles: 1,
        driftBandPct: 50,
        cashReservePct: 0,
      },
    });
    const investor = await fundedInvestor(app, admin, '500');
    const first = await invest(app, investor, fund.id, 100);
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json().msg).toBe(
      'Investment received; it is priced at the first valuation after your cooling-off period',
    );
    const held = first.json().request;
    const period = Date.parse(held.coolingOffUntil) - Date.parse(held.requestedAt);
    expect(period).toBeGreaterThan(coolingOffMs - 5_000);
    expect(period).toBeLessThan(coolingOffMs + 5_000);
    // Priced at the first valuation (the next whole hour, for this fund) after the period ends.
    expect(Date.parse(held.pricedAfter)).toBe(
      (Math.floor(Date.parse(held.coolingOffUntil) / hour) + 1) * hour,
    );

    const second = await invest(app, investor, fund.id, 50);
    expect(second.statusCode, second.body).toBe(202);
    expect(second.json().msg).toBe('Investment received; it is priced at the next valuation');
    const next = second.json().request;
    expect(next.coolingOffUntil).toBeNull();
    expect(Date.parse(next.pricedAfter)).toBeLessThan(Date.parse(held.coolingOffUntil));

    // A valuation inside the period prices the second and leaves the first waiting.
    await closeCandle(db, standIn, market, fund, 'ADA/USDT', at(0), '1');
    expect(await statusOf(next._id)).toBe('priced');
    expect(await statusOf(held._id)).toBe('pending');

    // The period over (moved to before the next close), the next valuation prices it.
    await db
      .update(fundRequests)
      .set({ confirmsAt: new Date(at(1)) })
      .where(eq(fundRequests.id, held._id));
    await closeCandle(db, standIn, market, fund, 'ADA/USDT', at(1), '1');
    expect(await statusOf(held._id)).toBe('priced');
  });

  it('cancels the first investment within the period, its money back once; nothing else', async () => {
    const fund = await insertFund(db, {
      slug: 'cooling-cancel',
      strategy: {
        kind: 'index',
        timeframe: '1h',
        weights: { 'ADA/USDT': 100 },
        rebalanceEveryCandles: 1,
        driftBandPct: 50,
        cashReservePct: 0,
      },
    });
    const investor = await fundedInvestor(app, admin, '500');
    const other = await fundedInvestor(app, admin, '100');
    const before = await figures(app, investor);
    const first = (await invest(app, investor, fund.id, 200)).json().request;
    expect((await figures(app, investor)).availableBalance).toBe(before.availableBalance - 200);

    // Another investor's request is as if it did not exist.
    expect((await cancel(other, first._id)).statusCode).toBe(404);
    expect((await figures(app, investor)).availableBalance).toBe(before.availableBalance - 200);

    const cancelled = await cancel(investor, first._id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      msg: 'Investment cancelled; $200.00 is available again',
      request: { _id: first._id, status: 'cancelled', reason: cancelledInCoolingOff },
    });
    expect(await figures(app, investor)).toEqual(before);

    // Twice, or at once twice: the money comes back once.
    const again = await Promise.all([cancel(investor, first._id), cancel(investor, first._id)]);
    expect(again.map((response) => response.statusCode)).toEqual([409, 409]);
    expect(await figures(app, investor)).toEqual(before);

    // A later investment has no cooling-off period to cancel in.
    const later = (await invest(app, investor, fund.id, 50)).json().request;
    expect(later.coolingOffUntil).toBeNull();
    const refused = await cancel(investor, later._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe('Only a first investment waiting for its valuation can be cancelled');
    expect(await statusOf(later._id)).toBe('pending');
  });

  it('refuses a cancel once the period has ended', async () => {
    const fund = await insertFund(db, {
      slug: 'cooling-ended',
      strategy: {
        kind: 'index',
        timeframe: '1h',
        weights: { 'ADA/USDT': 100 },
        rebalanceEveryCandles: 1,
        driftBandPct: 50,
        cashReservePct: 0,
      },
    });
    const investor = await fundedInvestor(app, admin, '300');
    const first = (await invest(app, investor, fund.id, 100)).json().request;
    await db
      .update(fundRequests)
      .set({ confirmsAt: sql`now() - interval '1 minute'` })
      .where(eq(fundRequests.id, first._id));
    const refused = await cancel(investor, first._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(
      'The cooling-off period of this investment has ended: it is priced at the next valuation',
    );
    expect(await statusOf(first._id)).toBe('pending');
  });
});
