import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { funds, fundValuations } from '../../db/schema';
import { signedInAdmin } from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { expectContract } from '../../testing/contract';
import { testDatabase } from '../../testing/database';
import { startExchangeStandIn } from '../../testing/exchange-stand-in';
import { createWallets, fundedInvestor } from '../../testing/money';
import { closeCandle, hour, insertFund, invest, storeFlatCandles } from '../../testing/trading';
import { ccxtMarketData } from './exchange';
import { valueFundsBetweenSteps } from './interval-valuations';

/*
 * Valuations at a fixed interval between a fund's steps: the NAV follows the newest stored price of
 * each coin, at most once per interval, and never for a fund without fresh prices.
 */

const minute = 60_000;
const base = (Math.floor(Date.now() / hour) + 2) * hour;
const at = (index: number) => base + index * hour;

let app: FastifyInstance;
let db: Database;

beforeAll(async () => {
  const standIn = await startExchangeStandIn(['AVAX/USDT']);
  app = await createTestApp({ TRADING_EXCHANGE_URL: standIn.url });
  db = (await testDatabase()).db;
  const admin = await signedInAdmin(app);
  await createWallets(app, admin);
  const fund = await insertFund(db, {
    slug: 'test-interval-avax',
    strategy: {
      kind: 'index',
      timeframe: '1h',
      weights: { 'AVAX/USDT': 100 },
      rebalanceEveryCandles: 1000,
      driftBandPct: 50,
      cashReservePct: 0,
    },
  });
  const investor = await fundedInvestor(app, admin, '1000');
  expect((await invest(app, investor, fund.id, 1000)).statusCode).toBe(202);
  const market = ccxtMarketData('binance', standIn.url);
  // Priced at the first close, and ten coins bought at the next open.
  await closeCandle(db, standIn, market, fund, 'AVAX/USDT', at(0), '100');
  await closeCandle(db, standIn, market, fund, 'AVAX/USDT', at(1), '100');
  return async () => {
    await app.close();
    await standIn.close();
  };
});

async function fundOf(slug: string) {
  const [fund] = await db.select().from(funds).where(eq(funds.slug, slug));
  if (!fund) throw new Error(`no fund ${slug}`);
  return fund;
}

describe('valuations between steps', () => {
  it('value a fund at the newest stored price once per interval, and show it as its NAV', async () => {
    const fund = await fundOf('test-interval-avax');
    // A one-minute candle of the coin, fetched for another use, closes at 110 USD after the last step.
    await storeFlatCandles(db, 'AVAX/USDT', {
      from: at(2) + 5 * minute,
      count: 1,
      price: 110_00000000n,
      timeframe: '1m',
    });

    // The last valuation (the step's, at the close) is ten minutes old: not yet.
    expect(await valueFundsBetweenSteps(db, 'binance', at(2) + 10 * minute, 15 * minute)).toBe(0);
    expect(await valueFundsBetweenSteps(db, 'binance', at(2) + 20 * minute, 15 * minute)).toBe(1);
    const [latest] = await db
      .select()
      .from(fundValuations)
      .where(eq(fundValuations.fundId, fund.id))
      .orderBy(fundValuations.time)
      .then((rows) => rows.slice(-1));
    expect(latest).toMatchObject({ time: new Date(at(2) + 20 * minute), navCents: 1100_00n });
    const answer = await app.inject({
      method: 'GET',
      url: `/api/v1/funds/${fund.id}`,
      headers: (await signedInAdmin(app)).headers,
    });
    await expectContract('getFund', answer);
    expect(answer.json().fund).toMatchObject({
      navPerUnit: '1.10000000',
      valuedAt: new Date(at(2) + 20 * minute).toISOString(),
    });

    // Within the interval of that one, none again.
    expect(await valueFundsBetweenSteps(db, 'binance', at(2) + 30 * minute, 15 * minute)).toBe(0);
  });

  it('strike none for a fund without fresh prices', async () => {
    const fund = await fundOf('test-interval-avax');
    await db
      .update(funds)
      .set({ haltedReason: 'The exchange cannot be reached' })
      .where(eq(funds.id, fund.id));
    expect(await valueFundsBetweenSteps(db, 'binance', at(4), 15 * minute)).toBe(0);
  });
});
