import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, rowsOf } from '../../db/database';
import { fills, fundRequests, funds, orders, riskEvents } from '../../db/schema';
import { signedInAdmin, signedInInvestor, userIdOf } from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { expectContract } from '../../testing/contract';
import { testDatabase } from '../../testing/database';
import { startExchangeStandIn } from '../../testing/exchange-stand-in';
import { createWallets, figures, fundedInvestor } from '../../testing/money';
import { closeCandle, hour, insertFund, invest, portfolio, redeem } from '../../testing/trading';
import { fundLedger, unbalancedJournalCount } from '../ledger/fund-postings';
import { ccxtMarketData, type MarketData } from './exchange';
import { fundDifferences } from './reconcile';

/*
 * Fund accounting against a stand-in of the exchange whose prices the tests move: each test has a
 * fund of its own on a coin of its own, and steps it directly, one closed candle at a time, on a clock
 * in whole hours ahead of the real one (so every request made now is priced at the next close).
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
  standIn = await startExchangeStandIn(['LTC/USDT', 'DOT/USDT', 'ADA/USDT', 'XRP/USDT']);
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

afterAll(async () => {
  // The ledger's invariants, over everything the tests did: every journal balances in every asset,
  // each fund's holders hold exactly the units it has issued, and its books reconcile with its ledger.
  expect(await unbalancedJournalCount(db)).toBe(0);
  for (const fund of await db.select().from(funds)) {
    const ledger = await fundLedger(db, fund.id);
    const outstanding = -(ledger.balances.get(`fund_units_outstanding/units:${fund.id}`) ?? 0n);
    expect(ledger.holdersUnits, fund.slug).toBe(outstanding);
    // And the paper exchange's books (the engine's state) equal the ledger, asset by asset.
    expect(await fundDifferences(db, fund.id), fund.slug).toEqual([]);
  }
});

describe('a fund priced at NAV', () => {
  it('raises a holder’s value and Total Profit by exactly the price move, with no admin action, and pays a redemption at units × NAV per unit', async () => {
    const fund = await insertFund(db, {
      slug: 'test-index-ltc',
      strategy: {
        kind: 'index',
        timeframe: '1h',
        weights: { 'LTC/USDT': 100 },
        rebalanceEveryCandles: 1,
        driftBandPct: 50,
        cashReservePct: 0,
      },
    });
    const investor = await fundedInvestor(app, admin, '1000');

    const invested = await invest(app, investor, fund.id, 1000);
    expect(invested.statusCode, invested.body).toBe(202);
    expect(invested.json().request).toMatchObject({ kind: 'investment', status: 'pending', amount: 1000 });
    // The money waits for the fund's next valuation: not available, still the investor's.
    expect(await figures(app, investor)).toMatchObject({
      availableBalance: 0,
      totalBalance: 1000,
      profits: 0,
    });

    // The first close prices the investment at 1 USD a unit; the index buys its coin, filled at the next open.
    await closeCandle(db, standIn, market, fund, 'LTC/USDT', at(0), '100');
    await closeCandle(db, standIn, market, fund, 'LTC/USDT', at(1), '100');
    let held = await portfolio(app, investor);
    expect(held.holdings).toEqual([
      {
        fundId: fund.id,
        fundName: fund.name,
        units: '1000.000000',
        navPerUnit: '1.00000000',
        value: 1000,
        netContributions: 1000,
        profit: 0,
      },
    ]);
    const [bought] = await db.select().from(fills).where(eq(fills.fundId, fund.id));
    expect(bought).toMatchObject({ side: 'buy', quantity: 10_0000_0000n, price8: 100_0000_0000n });

    // +10%: the holding is worth 10% more, and so is the Total Profit; nobody posted anything.
    const adminActions = async () => rowsOf(await db.execute(sql`SELECT count(*)::int AS n FROM audit_log`));
    const adminActionsBefore = await adminActions();
    await closeCandle(db, standIn, market, fund, 'LTC/USDT', at(2), '110');
    held = await portfolio(app, investor);
    expect(held.holdings[0]).toMatchObject({ navPerUnit: '1.10000000', value: 1100, profit: 100 });
    expect(held.totalValue).toBe(1100);
    expect(await figures(app, investor)).toMatchObject({
      totalBalance: 1100,
      availableBalance: 0,
      profits: 100,
    });
    expect(await adminActions()).toEqual(adminActionsBefore);

    // A redemption of everything: the fund has no cash, so it sells, and pays at the first
    // valuation with the cash, at that valuation's NAV per unit.
    const redeemed = await redeem(app, investor, fund.id, { all: true });
    expect(redeemed.statusCode, redeemed.body).toBe(202);
    await closeCandle(db, standIn, market, fund, 'LTC/USDT', at(3), '110');
    await closeCandle(db, standIn, market, fund, 'LTC/USDT', at(4), '121');
    const [request] = await db
      .select()
      .from(fundRequests)
      .where(eq(fundRequests.id, redeemed.json().request._id));
    expect(request).toMatchObject({
      status: 'priced',
      pricedUnits: 1000_000000n,
      pricedAmountCents: 1210_00,
      navPerUnit8: 1_2100_0000n,
    });
    expect(await figures(app, investor)).toMatchObject({
      totalBalance: 1210,
      availableBalance: 1210,
      profits: 210,
    });
    held = await portfolio(app, investor);
    expect(held).toEqual({ holdings: [], pendingRequests: [], totalValue: 0 });
  });

  it('closes the trend fund’s position when the price falls past its stop-loss, fees journaled as they go', async () => {
    const fund = await insertFund(db, {
      slug: 'test-trend-dot',
      costs: { takerFeeBps: 10, makerFeeBps: 10, slippageBps: 5 },
      managementFeeBps: 100,
      strategy: {
        kind: 'trend',
        timeframe: '1h',
        pairs: ['DOT/USDT'],
        fastPeriod: 2,
        slowPeriod: 4,
        positionSizePct: 50,
        stopLossPct: 5,
        takeProfitPct: null,
        trailingStopPct: null,
        maxCandlesHeld: null,
      },
    });
    const investor = await fundedInvestor(app, admin, '1000');
    expect((await invest(app, investor, fund.id, 1000)).statusCode).toBe(202);
    // Flat prices warm the averages up; a rise crosses the fast one above the slow one: an entry.
    for (let i = 0; i < 5; i++) await closeCandle(db, standIn, market, fund, 'DOT/USDT', at(i), '10');
    await closeCandle(db, standIn, market, fund, 'DOT/USDT', at(5), '11');
    await closeCandle(db, standIn, market, fund, 'DOT/USDT', at(6), '11');
    let fundFills = await db.select().from(fills).where(eq(fills.fundId, fund.id));
    expect(fundFills.map((fill) => [fill.side, fill.reason])).toEqual([['buy', 'entry']]);

    // A close 9% under the entry is past the 5% stop-loss: the position is sold at the next open.
    await closeCandle(db, standIn, market, fund, 'DOT/USDT', at(7), '10');
    await closeCandle(db, standIn, market, fund, 'DOT/USDT', at(8), '10');
    fundFills = await db.select().from(fills).where(eq(fills.fundId, fund.id));
    expect(fundFills.map((fill) => [fill.side, fill.reason])).toEqual([
      ['buy', 'entry'],
      ['sell', 'stop-loss'],
    ]);
    const ledger = await fundLedger(db, fund.id);
    expect(ledger.balances.get('fund_coin/DOT') ?? 0n).toBe(0n);
    // Each fill paid the exchange's fee, journaled to the exchange's fee account.
    const feesPaid = fundFills.reduce((sum, fill) => sum + fill.feeCents, 0n);
    expect(feesPaid).toBeGreaterThan(0n);
    expect(ledger.balances.get('exchange_fees/USD')).toBe(feesPaid);
    const fundOrders = await db.select().from(orders).where(eq(orders.fundId, fund.id));
    expect(fundOrders.map((order) => order.state)).toEqual(['filled', 'filled']);
    // The loss shows as it is: value below what went in, and a Total Profit below zero.
    const held = await portfolio(app, investor);
    const value = held.holdings[0].value as number;
    expect(value).toBeLessThan(1000);
    expect(held.holdings[0].profit).toBeCloseTo(value - 1000, 2);
    expect((await figures(app, investor)).profits).toBeCloseTo(value - 1000, 2);
  });

  it('places no order while an admin has paused the fund, and cancels the orders it had open', async () => {
    const fund = await insertFund(db, {
      slug: 'test-recurring-ada',
      strategy: {
        kind: 'recurring-buy',
        timeframe: '1h',
        amountCents: 100_00,
        weights: { 'ADA/USDT': 100 },
        schedule: { everyCandles: 1 },
      },
    });
    const investor = await fundedInvestor(app, admin, '1000');
    expect((await invest(app, investor, fund.id, 500)).statusCode).toBe(202);
    await closeCandle(db, standIn, market, fund, 'ADA/USDT', at(0), '0.5');
    expect(await db.select().from(orders).where(eq(orders.fundId, fund.id))).toHaveLength(1);

    const paused = await app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/funds/${fund.id}`,
      headers: admin.headers,
      payload: { paused: true, reason: 'Exchange maintenance' },
    });
    await expectContract('adminUpdateFund', paused);
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toMatchObject({
      status: 'paused',
      statusReason: 'Paused by an admin: Exchange maintenance',
    });

    // A paused fund takes no investment: 400 naming it, and nothing moves or is stored.
    const refused = await invest(app, investor, fund.id, 100);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toMatch(/^fundId: /);

    const [stored] = await db.select().from(funds).where(eq(funds.id, fund.id));
    if (!stored) throw new Error('no fund');
    for (let i = 1; i < 4; i++) await closeCandle(db, standIn, market, stored, 'ADA/USDT', at(i), '0.5');
    const fundOrders = await db.select().from(orders).where(eq(orders.fundId, fund.id));
    expect(fundOrders.map((order) => order.state)).toEqual(['cancelled']);
    expect(await db.select().from(fills).where(eq(fills.fundId, fund.id))).toHaveLength(0);
    const events = await db.select().from(riskEvents).where(eq(riskEvents.fundId, fund.id));
    expect(events.map((event) => event.rule)).toContain('kill-switch');
    expect(await figures(app, investor)).toMatchObject({ totalBalance: 1000, availableBalance: 500 });

    // Resumed, it trades again from its next close.
    const resumed = await app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/funds/${fund.id}`,
      headers: admin.headers,
      payload: { paused: false },
    });
    await expectContract('adminUpdateFund', resumed);
    expect(resumed.json()).toMatchObject({ status: 'trading', statusReason: null });
    const [trading] = await db.select().from(funds).where(eq(funds.id, fund.id));
    if (!trading) throw new Error('no fund');
    await closeCandle(db, standIn, market, trading, 'ADA/USDT', at(4), '0.5');
    const after = await db.select().from(orders).where(eq(orders.fundId, fund.id));
    expect(after.map((order) => order.state).sort()).toEqual(['cancelled', 'sent']);
  });
});

describe('the management fee', () => {
  it('accrues at every valuation and is paid to the platform at the first valuation of a UTC day', async () => {
    const fund = await insertFund(db, {
      slug: 'test-fee-xrp',
      // 100% a year, so that two hours accrue whole cents.
      managementFeeBps: 10_000,
      strategy: {
        kind: 'trend',
        timeframe: '1h',
        pairs: ['XRP/USDT'],
        fastPeriod: 2,
        slowPeriod: 4,
        positionSizePct: 50,
        stopLossPct: null,
        takeProfitPct: null,
        trailingStopPct: null,
        maxCandlesHeld: null,
      },
    });
    const investor = await fundedInvestor(app, admin, '1000');
    expect((await invest(app, investor, fund.id, 1000)).statusCode).toBe(202);
    // Flat prices (no entry, all cash) around a UTC midnight two days ahead.
    const midnight = (Math.floor(Date.now() / 86_400_000) + 2) * 86_400_000;
    for (const back of [3, 2, 1, 0]) {
      await closeCandle(db, standIn, market, fund, 'XRP/USDT', midnight - back * hour, '0.5');
    }
    const ledger = await fundLedger(db, fund.id);
    const paid = ledger.balances.get('management_fees/USD') ?? 0n;
    // Two hours at 100% a year on 1,000 USD: 22 cents, paid from cash at the valuation of 00:00.
    expect(paid).toBe(22n);
    const journals = rowsOf<{ kind: string; ref: string }>(
      await db.execute(
        sql`SELECT kind::text AS kind, ref FROM ledger_journals WHERE fund_id = ${fund.id} AND kind = 'fund_fee'`,
      ),
    );
    expect(journals).toEqual([{ kind: 'fund_fee', ref: `${fund.id}-fee-${midnight}` }]);
    // The holder bears it: the fund is worth less than went in, and the profit says so.
    const held = await portfolio(app, investor);
    expect(held.holdings[0].value).toBeLessThanOrEqual(999.78);
    expect(held.holdings[0].profit).toBeLessThan(0);
  });
});

describe('the ledger of every asset', () => {
  it('refuses at commit a journal that does not balance in one asset, even when its dollars do', async () => {
    const [fund] = await db.select().from(funds).limit(1);
    if (!fund) throw new Error('no fund');
    const post = db.transaction(async (tx) => {
      const [journal] = rowsOf<{ id: string }>(
        await tx.execute(sql`INSERT INTO ledger_journals (kind, fund_id, ref)
          VALUES ('fund_trade', ${fund.id}, 'unbalanced-coin') RETURNING id`),
      );
      await tx.execute(sql`INSERT INTO ledger_entries (journal_id, kind, account, fund_id, asset, amount_cents) VALUES
        (${journal?.id}, 'fund_trade', 'fund_cash', ${fund.id}, 'USD', 100),
        (${journal?.id}, 'fund_trade', 'exchange', ${fund.id}, 'USD', -100),
        (${journal?.id}, 'fund_trade', 'fund_coin', ${fund.id}, 'BTC', 5)`);
    });
    const refused = await post.then(
      () => undefined,
      (error: unknown) => error,
    );
    // PGlite throws the database's error itself; node-postgres's through drizzle wraps it as the cause.
    const messages = (error: unknown): string =>
      error instanceof Error ? `${error.message}\n${messages(error.cause)}` : '';
    expect(messages(refused)).toMatch(/unbalanced: its BTC entries sum to 5/);
    const left = rowsOf<{ n: number }>(
      await db.execute(sql`SELECT count(*)::int AS n FROM ledger_journals WHERE ref = 'unbalanced-coin'`),
    );
    expect(left[0]?.n).toBe(0);
  });
});

describe('bad investments and redemptions', () => {
  it('answer 400 naming the field, and move or store nothing', async () => {
    const [fund] = await db.select().from(funds).where(eq(funds.slug, 'trend-btc'));
    if (!fund) throw new Error('the seeded trend fund is missing');
    const investor = await fundedInvestor(app, admin, '100');
    const userId = await userIdOf(investor.email);
    const stored = async () =>
      rowsOf<{ requests: number; entries: number }>(
        await db.execute(sql`SELECT (SELECT count(*)::int FROM fund_requests WHERE user_id = ${userId}) AS requests,
          (SELECT count(*)::int FROM ledger_entries WHERE user_id = ${userId}) AS entries`),
      )[0];
    const before = await stored();

    const tooMuch = await invest(app, investor, fund.id, 150);
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().msg).toMatch(/^amount is more than the available balance/);
    const tooLittle = await invest(app, investor, fund.id, 10);
    expect(tooLittle.statusCode).toBe(400);
    expect(tooLittle.json().msg).toMatch(/^amount must be at least the fund's minimum investment/);
    const noUnits = await redeem(app, investor, fund.id, { all: true });
    expect(noUnits.statusCode).toBe(400);
    expect(noUnits.json().msg).toMatch(/^all: you hold no units/);
    const tooManyUnits = await redeem(app, investor, fund.id, { units: '5' });
    expect(tooManyUnits.statusCode).toBe(400);
    expect(tooManyUnits.json().msg).toMatch(/^units: /);
    const both = await redeem(app, investor, fund.id, { units: '5', all: true });
    expect(both.statusCode).toBe(400);

    expect(await stored()).toEqual(before);
    expect(await figures(app, investor)).toMatchObject({ availableBalance: 100, totalBalance: 100 });
  });

  it('replays an investment sent twice with one Idempotency-Key, and moves its money once', async () => {
    const [fund] = await db.select().from(funds).where(eq(funds.slug, 'crypto-index'));
    if (!fund) throw new Error('the seeded index fund is missing');
    const investor = await fundedInvestor(app, admin, '300');
    const first = await invest(app, investor, fund.id, 100, 'invest-once-0001');
    const again = await invest(app, investor, fund.id, 100, 'invest-once-0001');
    expect(first.statusCode).toBe(202);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual(first.json());
    expect(await figures(app, investor)).toMatchObject({ availableBalance: 200, totalBalance: 300 });
    const listed = await portfolio(app, investor);
    expect(listed.pendingRequests).toHaveLength(1);
  });
});

describe('the fund list and fact sheet', () => {
  it('answer the contract for every fund, the three seeded ones among them', async () => {
    const investor = await signedInInvestor(app);
    const list = await app.inject({ method: 'GET', url: '/api/v1/funds', headers: investor.headers });
    await expectContract('listFunds', list);
    expect(list.statusCode).toBe(200);
    const names = list.json().items.map((fund: { name: string }) => fund.name);
    expect(names).toEqual(
      expect.arrayContaining(['Recurring buy BTC/ETH 60/40', 'Crypto index', 'Trend follower BTC']),
    );
    for (const item of list.json().items as Array<{ _id: string }>) {
      const sheet = await app.inject({
        method: 'GET',
        url: `/api/v1/funds/${item._id}`,
        headers: investor.headers,
      });
      await expectContract('getFund', sheet);
      expect(sheet.statusCode).toBe(200);
    }
    const desk = await app.inject({ method: 'GET', url: '/api/v1/admin/trading', headers: admin.headers });
    await expectContract('adminGetTrading', desk);
    expect(desk.statusCode).toBe(200);
  });
});
