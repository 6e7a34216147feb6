import { initialEngineState } from '@ledgerline/engine';
import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { auditLog, fundStates, funds, fundValuations, orders, riskEvents } from '../../db/schema';
import { signedInAdmin } from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { expectContract } from '../../testing/contract';
import { testDatabase } from '../../testing/database';
import { startExchangeStandIn } from '../../testing/exchange-stand-in';
import { createWallets, fundedInvestor } from '../../testing/money';
import { closeCandle, hour, insertFund, invest } from '../../testing/trading';
import { storedState } from './engine-state';
import { ccxtMarketData, type MarketData } from './exchange';
import { fundById, fundConfigOf } from './fund-config';

/*
 * The operator's controls through the API: making and changing funds (every setting checked by the
 * engine's validators, a refusal naming the field and storing nothing), and the global kill switch,
 * against the exchange stand-in.
 */

let app: FastifyInstance;
let db: Database;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let standIn: Awaited<ReturnType<typeof startExchangeStandIn>>;
let market: MarketData;
/** The open time of the tests' first candle: a whole hour, two hours from now. */
const base = (Math.floor(Date.now() / hour) + 2) * hour;
const at = (index: number) => base + index * hour;

beforeAll(async () => {
  standIn = await startExchangeStandIn(['DOGE/USDT']);
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

const validFund = () => ({
  name: 'Recurring buy BTC/ETH 70/30',
  strategy: {
    kind: 'recurring-buy',
    timeframe: '1h',
    amount: 250,
    weights: { 'BTC/USDT': 70, 'ETH/USDT': 30 },
    everyCandles: 24,
  },
  risk: { maxAssetSharePct: 80, maxOpenPositions: 2, maxDrawdownPct: 50, maxDataAgeMs: 7_200_000 },
  fees: { managementPctPerYear: 1.25, takerFeeBps: 10, makerFeeBps: 8, slippageBps: 5 },
  minimumInvestment: 25,
  riskLevel: 'medium',
});

async function createFund(payload: unknown, on: FastifyInstance = app) {
  const response = await on.inject({
    method: 'POST',
    url: '/api/v1/admin/funds',
    headers: admin.headers,
    payload: payload as Record<string, unknown>,
  });
  await expectContract('adminCreateFund', response);
  return response;
}

async function updateFund(fundId: string, payload: Record<string, unknown>) {
  const response = await app.inject({
    method: 'PATCH',
    url: `/api/v1/admin/funds/${fundId}`,
    headers: admin.headers,
    payload,
  });
  await expectContract('adminUpdateFund', response);
  return response;
}

async function desk() {
  const response = await app.inject({ method: 'GET', url: '/api/v1/admin/trading', headers: admin.headers });
  await expectContract('adminGetTrading', response);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function switchTrading(action: 'pause' | 'resume', payload: Record<string, unknown>) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/admin/trading/${action}`,
    headers: admin.headers,
    payload,
  });
  await expectContract(action === 'pause' ? 'adminPauseTrading' : 'adminResumeTrading', response);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const fundCount = async () => (await db.select({ n: count() }).from(funds))[0]?.n;

async function lastAudit(action: string) {
  const [entry] = await db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  return entry;
}

describe('making a fund', () => {
  it('stores valid settings as the engine reads them, audits it, and the desk shows them', async () => {
    const response = await createFund(validFund());
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      name: 'Recurring buy BTC/ETH 70/30',
      strategy: 'recurring-buy',
      timeframe: '1h',
      pairs: ['BTC/USDT', 'ETH/USDT'],
      status: 'trading',
      minimumInvestment: 25,
      fees: { managementPctPerYear: 1.25, takerFeeBps: 10, makerFeeBps: 8, slippageBps: 5 },
    });

    const stored = await fundById(db, created._id);
    if (!stored) throw new Error('the fund was not stored');
    expect(stored.strategy).toEqual({
      kind: 'recurring-buy',
      timeframe: '1h',
      amountCents: 25_000,
      weights: { 'BTC/USDT': 70, 'ETH/USDT': 30 },
      schedule: { everyCandles: 24 },
    });
    expect(fundConfigOf(stored).ok).toBe(true);

    const shown = (await desk()).funds.find(
      (item: { fund: { _id: string } }) => item.fund._id === created._id,
    );
    expect(shown.settings).toEqual({
      strategy: validFund().strategy,
      risk: {
        maxAssetSharePct: 80,
        maxOpenPositions: 2,
        dailyLossLimitPct: null,
        maxDrawdownPct: 50,
        stopLossCooldown: null,
        maxDataAgeMs: 7_200_000,
        priceBandPct: null,
      },
      fees: validFund().fees,
      minimumInvestment: 25,
      riskLevel: 'medium',
    });
    expect(await lastAudit('fund.create')).toMatchObject({
      actorId: admin.id,
      targetType: 'fund',
      targetId: created._id,
    });
  });

  it.each([
    [
      'weights not adding up to 100%',
      { weights: { 'BTC/USDT': 60, 'ETH/USDT': 30 } },
      'strategy.weights: Weights must add up to 100%',
    ],
    ['an unknown timeframe', { timeframe: '2h' }, 'strategy.timeframe: Unknown timeframe'],
    [
      'a field of another strategy',
      { stopLossPct: 5 },
      'strategy.stopLossPct: stopLossPct is not a setting of the recurring-buy strategy',
    ],
    ['an unknown pair', { weights: { 'NOPE/USDT': 100 } }, 'strategy.weights: Unknown pair: NOPE/USDT'],
  ])('refuses %s with 400 naming the field, storing nothing', async (_case, change, message) => {
    const before = await fundCount();
    const fund = validFund();
    const response = await createFund({ ...fund, strategy: { ...fund.strategy, ...change } });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().msg).toContain(message);
    expect(await fundCount()).toBe(before);
  });

  it('refuses a stop-loss of 100% or more, an unknown strategy and negative fees, naming each field', async () => {
    const before = await fundCount();
    const trend = {
      ...validFund(),
      strategy: {
        kind: 'trend',
        timeframe: '1h',
        pairs: ['BTC/USDT'],
        fastPeriod: 9,
        slowPeriod: 21,
        positionSizePct: 50,
      },
    };
    const stopLoss = await createFund({ ...trend, strategy: { ...trend.strategy, stopLossPct: 100 } });
    expect(stopLoss.statusCode).toBe(400);
    expect(stopLoss.json().msg).toContain('strategy.stopLossPct: A stop-loss must be below 100%');

    const unknown = await createFund({ ...trend, strategy: { ...trend.strategy, kind: 'grid' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toMatch(/strategy.*kind/);

    const negative = await createFund({ ...trend, fees: { ...trend.fees, takerFeeBps: -1 } });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().msg).toMatch(/fees.*takerFeeBps/);

    const drawdown = await createFund({ ...trend, risk: { ...trend.risk, maxDrawdownPct: 100 } });
    expect(drawdown.statusCode).toBe(400);
    expect(drawdown.json().msg).toContain('risk.maxDrawdownPct: The drawdown limit must be below 100%');
    expect(await fundCount()).toBe(before);
  });

  it('refuses a timeframe the exchange does not offer', async () => {
    // Coinbase offers 1m, 5m, 15m, 1h, 6h and 1d candles (among others), but no 4h ones.
    const coinbase = await createTestApp({ TRADING_EXCHANGE: 'coinbase' });
    try {
      const before = await fundCount();
      const fund = validFund();
      const refused = await createFund(
        { ...fund, strategy: { ...fund.strategy, timeframe: '4h' } },
        coinbase,
      );
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().msg).toBe(
        'strategy.timeframe: coinbase has no 4h candles: choose one of 1m, 5m, 15m, 1h, 1d',
      );
      expect(await fundCount()).toBe(before);
      // The same on an exchange that has them is accepted.
      const accepted = await createFund({ ...fund, strategy: { ...fund.strategy, timeframe: '4h' } });
      expect(accepted.statusCode, accepted.body).toBe(201);
    } finally {
      await coinbase.close();
    }
  });
});

describe('changing a fund', () => {
  it('replaces its parameters, limits and fees, audited with what they were', async () => {
    const created = (await createFund(validFund())).json();
    const changed = await updateFund(created._id, {
      name: 'Recurring buy BTC/ETH 50/50',
      strategy: { ...validFund().strategy, weights: { 'BTC/USDT': 50, 'ETH/USDT': 50 }, everyCandles: 12 },
      risk: { maxAssetSharePct: 60, maxOpenPositions: 2, dailyLossLimitPct: 5 },
      fees: { managementPctPerYear: 0.5, takerFeeBps: 12, makerFeeBps: 6, slippageBps: 3 },
      minimumInvestment: 40,
      riskLevel: 'low',
      reason: 'A calmer basket',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      name: 'Recurring buy BTC/ETH 50/50',
      minimumInvestment: 40,
      riskLevel: 'low',
      fees: { managementPctPerYear: 0.5, takerFeeBps: 12, makerFeeBps: 6, slippageBps: 3 },
    });
    const stored = await fundById(db, created._id);
    expect(stored).toMatchObject({
      strategy: { weights: { 'BTC/USDT': 50, 'ETH/USDT': 50 }, schedule: { everyCandles: 12 } },
      risk: { maxAssetSharePct: 60, dailyLossLimitPct: 5, maxDrawdownPct: null },
      managementFeeBps: 50,
      minimumInvestmentCents: 4000,
    });
    const audit = await lastAudit('fund.update');
    expect(audit).toMatchObject({ targetId: created._id, reason: 'A calmer basket' });
    expect(audit?.details).toMatchObject({
      riskLevel: 'low',
      before: { name: 'Recurring buy BTC/ETH 70/30', riskLevel: 'medium', minimumInvestment: 25 },
    });
  });

  it('refuses bad settings, another kind of strategy and new pairs of a fund that traded, changing nothing', async () => {
    const created = (await createFund(validFund())).json();
    const before = await fundById(db, created._id);

    const weights = await updateFund(created._id, {
      strategy: { ...validFund().strategy, weights: { 'BTC/USDT': 70 } },
    });
    expect(weights.statusCode).toBe(400);
    expect(weights.json().msg).toBe('strategy.weights: Weights must add up to 100%');

    const fees = await updateFund(created._id, {
      fees: { ...validFund().fees, managementPctPerYear: 1.234 },
    });
    expect(fees.statusCode).toBe(400);
    expect(fees.json().msg).toContain('fees.managementPctPerYear');

    const kind = await updateFund(created._id, {
      strategy: {
        kind: 'index',
        timeframe: '1h',
        weights: { 'BTC/USDT': 100 },
        rebalanceEveryCandles: 24,
        driftBandPct: 5,
      },
    });
    expect(kind.statusCode).toBe(400);
    expect(kind.json().msg).toMatch(/^strategy.kind: a recurring-buy fund cannot become an? index fund/);

    // Once it has a state (it has stepped), its pairs stay.
    const checked = fundConfigOf(before ?? (await Promise.reject(new Error('no fund'))));
    if (!checked.ok) throw new Error('the fund is invalid');
    await db.insert(fundStates).values({
      fundId: created._id,
      state: storedState(initialEngineState(checked.config)),
      lastCloseTime: new Date(at(-10)),
      version: 1,
    });
    const pairs = await updateFund(created._id, {
      strategy: { ...validFund().strategy, weights: { 'BTC/USDT': 70, 'SOL/USDT': 30 } },
    });
    expect(pairs.statusCode).toBe(400);
    expect(pairs.json().msg).toMatch(/^strategy.weights: the pairs of a fund that has traded cannot change/);

    expect(await fundById(db, created._id)).toEqual(before);
    // Its weights among the same pairs may still change.
    const reweighted = await updateFund(created._id, {
      strategy: { ...validFund().strategy, weights: { 'BTC/USDT': 40, 'ETH/USDT': 60 } },
    });
    expect(reweighted.statusCode, reweighted.body).toBe(200);
  });

  it('answers 404 for a fund that does not exist', async () => {
    const response = await updateFund(crypto.randomUUID(), { paused: true });
    expect(response.statusCode).toBe(404);
  });
});

describe('the global kill switch', () => {
  it('stops every order while the funds are still valued, survives a restart, and is audited', async () => {
    const fund = await insertFund(db, {
      slug: 'test-kill-switch-doge',
      strategy: {
        kind: 'recurring-buy',
        timeframe: '1h',
        amountCents: 100_00,
        weights: { 'DOGE/USDT': 100 },
        schedule: { everyCandles: 1 },
      },
    });
    const investor = await fundedInvestor(app, admin, '500');
    expect((await invest(app, investor, fund.id, 500)).statusCode).toBe(202);

    const paused = await switchTrading('pause', { reason: 'The exchange reports an incident' });
    expect(paused).toMatchObject({ paused: true, reason: 'The exchange reports an incident' });
    expect(paused.changedAt).not.toBeNull();

    // Two closes while paused: the investment is priced, the fund valued, and no order is placed.
    const first = await closeCandle(db, standIn, market, fund, 'DOGE/USDT', at(0), '0.5');
    const second = await closeCandle(db, standIn, market, fund, 'DOGE/USDT', at(1), '0.5');
    expect(first.steps + second.steps).toBe(2);
    expect(first.orders + second.orders).toBe(0);
    expect(await db.select().from(orders).where(eq(orders.fundId, fund.id))).toEqual([]);
    const valuations = await db
      .select()
      .from(fundValuations)
      .where(eq(fundValuations.fundId, fund.id))
      .orderBy(fundValuations.time);
    // The first is struck before the investment it prices; the second holds it, all in cash.
    expect(valuations.map((row) => row.navCents)).toEqual([0n, 500_00n]);
    const refusals = await db
      .select()
      .from(riskEvents)
      .where(and(eq(riskEvents.fundId, fund.id), eq(riskEvents.rule, 'kill-switch')));
    expect(refusals.length).toBeGreaterThan(0);

    // Another instance (or this one restarted) reads the same switch from the database.
    const restarted = await createTestApp({ TRADING_EXCHANGE_URL: standIn.url });
    try {
      const response = await restarted.inject({
        method: 'GET',
        url: '/api/v1/admin/trading',
        headers: admin.headers,
      });
      expect(response.json().trading).toMatchObject({
        paused: true,
        reason: 'The exchange reports an incident',
      });
    } finally {
      await restarted.close();
    }
    expect((await desk()).trading.changedBy).toBe(admin.fullname);

    const resumed = await switchTrading('resume', {});
    expect(resumed).toMatchObject({ paused: false, reason: null });
    const third = await closeCandle(db, standIn, market, fund, 'DOGE/USDT', at(2), '0.5');
    expect(third.orders).toBe(1);

    expect(await lastAudit('trading.pause')).toMatchObject({
      actorId: admin.id,
      targetType: 'trading',
      reason: 'The exchange reports an incident',
    });
    expect(await lastAudit('trading.resume')).toMatchObject({ actorId: admin.id, targetType: 'trading' });
  });

  it('refuses a pause without a reason', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/trading/pause',
      headers: admin.headers,
      payload: {},
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toMatch(/reason/);
    expect((await desk()).trading.paused).toBe(false);
  });
});

describe("a fund's fills", () => {
  it('are listed newest first, a page at a time, with the asset each fee was paid in', async () => {
    const [fund] = await db.select().from(funds).where(eq(funds.slug, 'test-kill-switch-doge'));
    if (!fund) throw new Error('the kill switch test makes the fund');
    await closeCandle(db, standIn, market, fund, 'DOGE/USDT', at(3), '0.5');
    await closeCandle(db, standIn, market, fund, 'DOGE/USDT', at(4), '0.5');
    const page = async (query: Record<string, string>) => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/funds/${fund.id}/fills`,
        headers: admin.headers,
        query,
      });
      await expectContract('listFundFills', response);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const all = await page({});
    expect(all.items.length).toBeGreaterThanOrEqual(2);
    expect(all.items[0]).toMatchObject({
      side: 'buy',
      pair: 'DOGE/USDT',
      price: '0.50000000',
      feeAsset: 'USD',
    });
    const times = all.items.map((item: { time: string }) => item.time);
    expect(times).toEqual([...times].sort().reverse());

    const first = await page({ limit: '1' });
    expect(first.items).toEqual([all.items[0]]);
    expect(first.nextCursor).not.toBeNull();
    const second = await page({ limit: '1', cursor: first.nextCursor });
    expect(second.items).toEqual([all.items[1]]);

    const missing = await app.inject({
      method: 'GET',
      url: `/api/v1/funds/${crypto.randomUUID()}/fills`,
      headers: admin.headers,
    });
    expect(missing.statusCode).toBe(404);
  });
});
