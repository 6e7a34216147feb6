import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { candles, funds, orders, riskEvents } from '../../db/schema';
import { signedInAdmin } from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { expectContract } from '../../testing/contract';
import { testDatabase } from '../../testing/database';
import { flatCandle, startExchangeStandIn } from '../../testing/exchange-stand-in';
import { createWallets, figures, fundedInvestor } from '../../testing/money';
import { hour, insertFund, invest } from '../../testing/trading';
import { until } from '../../testing/until';
import { ccxtMarketData } from './exchange';
import { startTradingScheduler, type TradingScheduler } from './scheduler';

/*
 * The background rounds as an instance runs them, on a short tick, against the exchange stand-in:
 * candles are fetched through ccxt into the database, and a fund without fresh prices places no order
 * and says why.
 */

let app: FastifyInstance;
let db: Database;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let standIn: Awaited<ReturnType<typeof startExchangeStandIn>>;
let scheduler: TradingScheduler | null = null;

beforeAll(async () => {
  standIn = await startExchangeStandIn(['LINK/USDT', 'BTC/USDT', 'ETH/USDT', 'SOL/USDT']);
  app = await createTestApp({ TRADING_EXCHANGE_URL: standIn.url });
  db = (await testDatabase()).db;
  admin = await signedInAdmin(app);
  await createWallets(app, admin);
  return async () => {
    await scheduler?.stop();
    await app.close();
    await standIn.close();
  };
});

async function fundAnswer(fundId: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/funds/${fundId}`,
    headers: admin.headers,
  });
  await expectContract('getFund', response);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('the trading rounds', () => {
  it('place no order on stale prices or without the exchange, and the fund says why', async () => {
    const fund = await insertFund(db, {
      slug: 'test-recurring-link',
      strategy: {
        kind: 'recurring-buy',
        timeframe: '1h',
        amountCents: 100_00,
        weights: { 'LINK/USDT': 100 },
        schedule: { everyCandles: 1 },
      },
    });
    const investor = await fundedInvestor(app, admin, '500');
    expect((await invest(app, investor, fund.id, 500)).statusCode).toBe(202);

    // The rounds' clock runs ahead of the real one, so the investment made now is priced at the
    // first close. The exchange's newest candle closed five hours before that clock: older than the
    // fund's two-hour limit.
    const newestOpen = (Math.floor(Date.now() / hour) + 10) * hour;
    const clock = () => newestOpen + 6 * hour;
    standIn.setCandles(
      'LINK/USDT',
      [4, 3, 2, 1, 0].map((back) => flatCandle(newestOpen - back * hour, '15')),
    );
    scheduler = startTradingScheduler({
      db,
      market: ccxtMarketData('binance', standIn.url),
      tickSeconds: 0.05,
      log: app.log,
      clock,
    });
    await until(async () => {
      const [row] = await db.select().from(funds).where(eq(funds.id, fund.id));
      return (row?.haltedReason ?? '').includes('too old');
    }, 30_000);
    // Fetched through ccxt from the stand-in, into the database.
    const stored = await db.select().from(candles).where(eq(candles.pair, 'LINK/USDT'));
    expect(stored).toHaveLength(5);
    const answer = await fundAnswer(fund.id);
    expect(answer.fund.status).toBe('paused');
    expect(answer.fund.statusReason).toMatch(/LINK\/USDT .* too old to trade on/);
    // The fund stepped on those candles (the investment is priced at the first) but placed no order
    // on their prices.
    await until(async () => (await fundAnswer(fund.id)).fund.valuedAt !== null, 30_000);
    expect(await db.select().from(orders).where(eq(orders.fundId, fund.id))).toHaveLength(0);
    const events = await db.select().from(riskEvents).where(eq(riskEvents.fundId, fund.id));
    expect(events.map((event) => event.rule)).toContain('stale-data');
    expect(await figures(app, investor)).toMatchObject({ totalBalance: 500, availableBalance: 0 });

    // The exchange stops answering: the fund says so, and still places nothing.
    standIn.stopAnswering();
    await until(async () => {
      const [row] = await db.select().from(funds).where(eq(funds.id, fund.id));
      return (row?.haltedReason ?? '').includes('cannot be reached');
    }, 30_000);
    expect((await fundAnswer(fund.id)).fund.statusReason).toMatch(
      /^The exchange \(binance\) cannot be reached/,
    );
    expect(await db.select().from(orders).where(eq(orders.fundId, fund.id))).toHaveLength(0);
    await scheduler.stop();
    scheduler = null;
  });
});
