import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { backtests, candles, liveEvents } from '../../db/schema';
import { newAddress, signedInAdmin, signedInInvestor, userIdOf } from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { expectContract } from '../../testing/contract';
import { testDatabase } from '../../testing/database';
import { flatCandle, startExchangeStandIn } from '../../testing/exchange-stand-in';
import { hour, storeFlatCandles } from '../../testing/trading';
import { until } from '../../testing/until';

/*
 * Backtests through the API: a job answered 202 at once, run in this process over the candles the
 * database holds (fetching from the exchange stand-in those it lacks), its progress raised as events
 * to the account that started it, its result the engine's with the metrics of daily NAV.
 */

const day = 24 * hour;
/** Midnight (UTC) sixty days ago: every period below is in the past. */
const start = (Math.floor(Date.now() / day) - 60) * day;

let app: FastifyInstance;
let db: Database;
let standIn: Awaited<ReturnType<typeof startExchangeStandIn>>;
let investor: Awaited<ReturnType<typeof signedInInvestor>>;

beforeAll(async () => {
  standIn = await startExchangeStandIn(['BTC/USDT', 'ETH/USDT', 'SOL/USDT']);
  app = await createTestApp({ TRADING_EXCHANGE_URL: standIn.url });
  db = (await testDatabase()).db;
  investor = await signedInInvestor(app);
  return async () => {
    await app.close();
    await standIn.close();
  };
});

/** Buys 100 USD of BTC every day. */
const dailyBitcoin = {
  kind: 'recurring-buy',
  timeframe: '1h',
  amount: 100,
  weights: { 'BTC/USDT': 100 },
  everyCandles: 24,
};

async function startBacktest(
  payload: Record<string, unknown>,
  who: { headers: Record<string, string> } = investor,
  remoteAddress = newAddress(),
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/backtests',
    headers: who.headers,
    payload,
    remoteAddress,
  });
  await expectContract('startBacktest', response);
  return response;
}

async function getBacktest(id: string, who: { headers: Record<string, string> } = investor) {
  const response = await app.inject({ method: 'GET', url: `/api/v1/backtests/${id}`, headers: who.headers });
  await expectContract('getBacktest', response);
  return response;
}

async function finished(id: string) {
  await until(async () => {
    const status = (await getBacktest(id)).json().status;
    return status === 'done' || status === 'failed';
  }, 60_000);
  return (await getBacktest(id)).json();
}

const backtestCount = async () => (await db.select({ n: count() }).from(backtests))[0]?.n;

describe('a backtest', () => {
  it('runs the engine over stored candles after a 202, tells its progress, and gives the result with its metrics', async () => {
    // Ten days of hourly BTC rising 10 USD an hour from 50,000 USD.
    await storeFlatCandles(db, 'BTC/USDT', {
      from: start,
      count: 240,
      price: 50_000_00000000n,
      step: 10_00000000n,
    });
    const response = await startBacktest({
      strategy: dailyBitcoin,
      from: new Date(start).toISOString(),
      to: new Date(start + 10 * day).toISOString(),
      amount: 1000,
    });
    expect(response.statusCode, response.body).toBe(202);
    const accepted = response.json().backtest;
    expect(accepted).toMatchObject({
      status: 'queued',
      progress: 0,
      fundId: null,
      amount: 1000,
      result: null,
    });

    const done = await finished(accepted._id);
    expect(done).toMatchObject({ status: 'done', progress: 100, error: null });
    const { result } = done;
    expect(result.notice).toBe('Simulated past performance');
    // NAV at the start and at the end of each of the ten days.
    expect(result.navSeries).toHaveLength(11);
    expect(result.navSeries[0]).toEqual({ time: new Date(start).toISOString(), nav: 1000 });
    // A buy a day, each filled at the next candle's open.
    expect(result.fills).toHaveLength(10);
    expect(result.fills[0]).toMatchObject({ side: 'buy', pair: 'BTC/USDT', feeAsset: 'USD' });
    expect(result.metrics).toMatchObject({
      trades: 10,
      cagr: null,
      roundTrips: 0,
      winRate: null,
      managementFees: 0,
    });
    // Fees of 10 basis points on each buy of 100 USD (slippage included), each rounded up to the cent.
    expect(result.metrics.feesPaid).toBeGreaterThanOrEqual(10 * 0.1);
    expect(result.metrics.feesPaid).toBeLessThanOrEqual(10 * 0.11);
    expect(result.metrics.totalReturn).toBeGreaterThan(0);
    // Buying at the first open and holding to the last close: 50,000 → 52,390.
    expect(result.metrics.buyAndHoldReturn).toBeCloseTo(52_390 / 50_000 - 1, 6);

    // Its progress reached the account that started it, and no one else.
    const userId = await userIdOf(investor.email);
    const events = await db
      .select()
      .from(liveEvents)
      .where(and(eq(liveEvents.type, 'backtest.progress')));
    const mine = events.filter((event) => (event.data as { backtestId: string }).backtestId === accepted._id);
    expect(mine.every((event) => event.recipient === userId)).toBe(true);
    expect(mine.map((event) => event.data)).toContainEqual({
      type: 'backtest.progress',
      backtestId: accepted._id,
      status: 'done',
      progress: 100,
    });
    expect(mine.length).toBeGreaterThanOrEqual(3);
  });

  it('gives a CAGR over a year or more (and none over ten days, above)', async () => {
    const dailyStart = start - 420 * day;
    await storeFlatCandles(db, 'SOL/USDT', {
      from: dailyStart,
      count: 400,
      price: 100_00000000n,
      step: 10000000n,
      timeframe: '1d',
    });
    const response = await startBacktest({
      strategy: {
        kind: 'index',
        timeframe: '1d',
        weights: { 'SOL/USDT': 100 },
        rebalanceEveryCandles: 30,
        driftBandPct: 10,
      },
      from: new Date(dailyStart).toISOString(),
      to: new Date(dailyStart + 400 * day).toISOString(),
      amount: 5000,
    });
    expect(response.statusCode, response.body).toBe(202);
    const done = await finished(response.json().backtest._id);
    expect(done.status).toBe('done');
    expect(done.result.metrics.days).toBeGreaterThanOrEqual(365);
    expect(done.result.metrics.cagr).toEqual(expect.any(Number));
    expect(done.result.metrics.cagr).toBeGreaterThan(0);
  });

  it('fetches the candles the database lacks from the exchange first', async () => {
    const from = start + 20 * day;
    standIn.setCandles(
      'ETH/USDT',
      Array.from({ length: 48 }, (_, index) => flatCandle(from + index * hour, String(3000 + index))),
    );
    const stored = async () =>
      (
        await db
          .select({ n: count() })
          .from(candles)
          .where(and(eq(candles.pair, 'ETH/USDT'), eq(candles.timeframe, '1h')))
      )[0]?.n;
    expect(await stored()).toBe(0);
    const response = await startBacktest({
      strategy: { ...dailyBitcoin, weights: { 'ETH/USDT': 100 } },
      from: new Date(from).toISOString(),
      to: new Date(from + 2 * day).toISOString(),
      amount: 500,
    });
    expect(response.statusCode, response.body).toBe(202);
    const done = await finished(response.json().backtest._id);
    expect(done.status, done.error).toBe('done');
    expect(await stored()).toBe(48);
    expect(done.result.fills).toHaveLength(2);
    expect(done.result.metrics.buyAndHoldReturn).toBeCloseTo(3047 / 3000 - 1, 6);
  });

  it("runs a fund's own configuration, shown to its owner and admins only", async () => {
    const fundsAnswer = await app.inject({ method: 'GET', url: '/api/v1/funds', headers: investor.headers });
    const trend = (fundsAnswer.json().items as { _id: string; name: string }[]).find(
      (fund) => fund.name === 'Trend follower BTC',
    );
    if (!trend) throw new Error('the seeded trend fund is missing');
    const response = await startBacktest({
      fundId: trend._id,
      from: new Date(start).toISOString(),
      to: new Date(start + 5 * day).toISOString(),
      amount: 2000,
    });
    expect(response.statusCode, response.body).toBe(202);
    const id = response.json().backtest._id;
    expect(response.json().backtest.fundId).toBe(trend._id);
    expect((await finished(id)).status).toBe('done');

    const other = await signedInInvestor(app);
    expect((await getBacktest(id, other)).statusCode).toBe(404);
    const admin = await signedInAdmin(app);
    expect((await getBacktest(id, admin)).statusCode).toBe(200);
    expect((await getBacktest(crypto.randomUUID())).statusCode).toBe(404);
  });

  it.each([
    [
      'a period with no market data',
      { strategy: { ...dailyBitcoin, weights: { 'SOL/USDT': 100 } }, from: 'D0', to: 'D2' },
      /^from: binance has no 1h candles of SOL\/USDT between /,
    ],
    ['an end before the start', { strategy: dailyBitcoin, from: 'D2', to: 'D0' }, /^to: must be after from/],
    [
      'an end in the future',
      { strategy: dailyBitcoin, from: 'D0', to: 'FUTURE' },
      /^to: must not be in the future/,
    ],
    [
      'too long a period',
      { strategy: { ...dailyBitcoin, timeframe: '1m' }, from: 'D-25', to: 'D15' },
      /^from: the period holds more than 50,000 candles of 1m/,
    ],
    [
      'weights not adding up to 100%',
      { strategy: { ...dailyBitcoin, weights: { 'BTC/USDT': 90 } }, from: 'D0', to: 'D2' },
      /^strategy.weights: Weights must add up to 100%/,
    ],
    [
      'a fund that does not exist',
      { fundId: 'RANDOM', from: 'D0', to: 'D2' },
      /^fundId: there is no such fund/,
    ],
    ['neither a fund nor a strategy', { from: 'D0', to: 'D2' }, /^fundId: give a fund/],
    [
      'both a fund and a strategy',
      { fundId: 'RANDOM', strategy: dailyBitcoin, from: 'D0', to: 'D2' },
      /^strategy: give a fund \(fundId\) or a configuration \(strategy\), not both/,
    ],
  ])('refuses %s with 400 naming the field, storing nothing', async (_case, body, message) => {
    const dates: Record<string, string> = {
      D0: new Date(start + 30 * day).toISOString(),
      D2: new Date(start + 32 * day).toISOString(),
      'D-25': new Date(start + 5 * day).toISOString(),
      D15: new Date(start + 45 * day).toISOString(),
      FUTURE: new Date(Date.now() + day).toISOString(),
      RANDOM: crypto.randomUUID(),
    };
    const payload = Object.fromEntries(
      Object.entries({ ...body, amount: 100 }).map(([key, value]) => [
        key,
        typeof value === 'string' ? (dates[value] ?? value) : value,
      ]),
    );
    const before = await backtestCount();
    const response = await startBacktest(payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().msg).toMatch(message);
    expect(await backtestCount()).toBe(before);
  });

  it('answers 503 when the exchange cannot be reached for candles the database lacks, storing nothing', async () => {
    standIn.stopAnswering();
    try {
      const before = await backtestCount();
      const response = await startBacktest({
        strategy: { ...dailyBitcoin, weights: { 'SOL/USDT': 100 } },
        from: new Date(start + 40 * day).toISOString(),
        to: new Date(start + 41 * day).toISOString(),
        amount: 100,
      });
      expect(response.statusCode, response.body).toBe(503);
      expect(response.json().msg).toMatch(/cannot be reached for the candles of SOL\/USDT/);
      expect(await backtestCount()).toBe(before);
    } finally {
      standIn.answerAgain();
    }
  });

  it('is rate-limited per client address, as a costly call', async () => {
    const address = newAddress();
    const statuses: number[] = [];
    for (let index = 0; index < 11; index++)
      statuses.push(
        (await startBacktest({ from: 'nope', to: 'nope', amount: 1 }, investor, address)).statusCode,
      );
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
  });

  it('shows a job its instance never finished as failed, so nobody waits for it for ever', async () => {
    const [abandoned] = await db
      .insert(backtests)
      .values({
        userId: await userIdOf(investor.email),
        status: 'running',
        progress: 50,
        config: {},
        fromTime: new Date(start),
        toTime: new Date(start + day),
        amountCents: 100_00,
        createdAt: new Date(Date.now() - 31 * 60_000),
      })
      .returning();
    if (!abandoned) throw new Error('the job was not stored');
    const shown = (await getBacktest(abandoned.id)).json();
    expect(shown).toMatchObject({ status: 'failed', progress: 50, result: null });
    expect(shown.error).toMatch(/interrupted/);
  });
});
