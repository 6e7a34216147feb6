import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, rowsOf } from '../../db/database';
import { fundRequests, fundValuations } from '../../db/schema';
import { signedInAdmin, userIdOf } from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { expectContract } from '../../testing/contract';
import { testDatabase } from '../../testing/database';
import { startExchangeStandIn } from '../../testing/exchange-stand-in';
import { createWallets, figures, fundedInvestor } from '../../testing/money';
import { closeCandle, hour, insertFund, invest, redeem } from '../../testing/trading';
import { fundLedger, unbalancedJournalCount } from '../ledger/fund-postings';
import { ccxtMarketData, type MarketData } from './exchange';

/*
 * What an investor and an admin read of the funds: the history's investment and redemption rows,
 * the trial balance of every asset, the week's earnings and the tier, and the funds' returns. Each
 * test has a fund of its own (a coin of its own), stepped one closed candle at a time on a clock in
 * whole hours ahead of the real one.
 */

let app: FastifyInstance;
let db: Database;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let standIn: Awaited<ReturnType<typeof startExchangeStandIn>>;
let market: MarketData;
const base = (Math.floor(Date.now() / hour) + 2) * hour;
const at = (index: number) => base + index * hour;
const day = 86_400_000;

/** An index fund holding one coin, whole, rebalanced at every close. */
function oneCoinIndex(pair: string) {
  return {
    kind: 'index',
    timeframe: '1h',
    weights: { [pair]: 100 },
    rebalanceEveryCandles: 1,
    driftBandPct: 50,
    cashReservePct: 0,
  };
}

beforeAll(async () => {
  standIn = await startExchangeStandIn(['LTC/USDT', 'DOT/USDT']);
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
  expect(await unbalancedJournalCount(db)).toBe(0);
});

async function history(investor: { headers: Record<string, string> }, query = '') {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/transaction-history${query}`,
    headers: investor.headers,
  });
  await expectContract('listTransactions', response);
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

describe('an investor in a fund', () => {
  it('sees each investment and redemption in the history, pending then priced, and the week’s gain and the tier follow the fund’s value', async () => {
    const fund = await insertFund(db, { slug: 'figures-index-ltc', strategy: oneCoinIndex('LTC/USDT') });
    const investor = await fundedInvestor(app, admin, '1000');
    const invested = await invest(app, investor, fund.id, 900);
    expect(invested.statusCode, invested.body).toBe(202);
    const investmentId = invested.json().request._id as string;

    // Waiting for the valuation: a debit of its amount, pending, with no units or price yet.
    let rows = (await history(investor)).json().items;
    expect(rows[0]).toEqual({
      _id: investmentId,
      amount: 900,
      direction: 'debit',
      createdAt: expect.any(String),
      resolvedAt: null,
      trxType: 'investment',
      status: 'pending',
      ref: `INV-${investmentId.slice(0, 8).toUpperCase()}`,
      fundId: fund.id,
      fundName: fund.name,
      units: null,
      navPerUnit: null,
      reason: null,
    });

    // Priced at 1 USD a unit, the coin bought at 100, then the price rises to 250: 900 units at 2.5.
    await closeCandle(db, standIn, market, fund, 'LTC/USDT', at(0), '100');
    await closeCandle(db, standIn, market, fund, 'LTC/USDT', at(1), '100');
    await closeCandle(db, standIn, market, fund, 'LTC/USDT', at(2), '250');
    rows = (await history(investor)).json().items;
    expect(rows[0]).toMatchObject({
      _id: investmentId,
      amount: 900,
      status: 'approved',
      resolvedAt: expect.any(String),
      units: '900.000000',
      navPerUnit: '1.00000000',
    });

    // The week earned the fund's gain (2,250 worth, 900 of it invested), not the deposit or the
    // investment; the tier counts the 900 invested at its worth now: 1,000 − 900 + 2,250 is Basic,
    // where the approved deposits alone (1,000) are Student.
    expect(await figures(app, investor)).toMatchObject({
      totalBalance: 2350,
      deposits: 1000,
      profits: 1350,
      moneyEarned: 1350,
      accountTier: 'Basic',
    });

    // A redemption of 100 units waits for the next valuation: shown at what they are worth now.
    const redeemed = await redeem(app, investor, fund.id, { units: '100' });
    expect(redeemed.statusCode, redeemed.body).toBe(202);
    const redemptionId = redeemed.json().request._id as string;
    rows = (await history(investor)).json().items;
    expect(rows[0]).toMatchObject({
      _id: redemptionId,
      trxType: 'redemption',
      direction: 'credit',
      status: 'pending',
      amount: 250,
      units: '100.000000',
      navPerUnit: null,
      fundName: fund.name,
      ref: `RED-${redemptionId.slice(0, 8).toUpperCase()}`,
    });

    // The fund sells to raise the cash, and pays at the first valuation that has it.
    await closeCandle(db, standIn, market, fund, 'LTC/USDT', at(3), '250');
    await closeCandle(db, standIn, market, fund, 'LTC/USDT', at(4), '250');
    const [stored] = await db.select().from(fundRequests).where(eq(fundRequests.id, redemptionId));
    expect(stored?.status).toBe('priced');
    rows = (await history(investor)).json().items;
    expect(rows[0]).toMatchObject({
      _id: redemptionId,
      status: 'approved',
      amount: (stored?.pricedAmountCents ?? 0) / 100,
      units: '100.000000',
      navPerUnit: '2.50000000',
    });

    // Money paid out of the fund is not a loss of the week: the gain stays the fund's.
    expect((await figures(app, investor)).moneyEarned).toBe(1350);

    // The filter keeps one kind; a coin filter leaves the funds' rows out.
    const investments = (await history(investor, '?trxType=investment')).json().items;
    expect(investments.map((row: { _id: string }) => row._id)).toEqual([investmentId]);
    const approved = (await history(investor, '?status=approved')).json().items;
    expect(approved.map((row: { trxType: string }) => row.trxType)).toEqual([
      'redemption',
      'investment',
      'deposit',
    ]);
    const bitcoin = (await history(investor, '?type=bitcoin')).json().items;
    expect(bitcoin.map((row: { trxType: string }) => row.trxType)).toEqual(['deposit']);

    // The CSV export carries the fund's name, the units and the NAV per unit.
    const csv = await history(investor, '?format=csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      '"_id","createdAt","resolvedAt","trxType","direction","amount","status","type","network","paymentTo","address","ref","reason","memo","fundName","units","navPerUnit"',
    );
    const investmentLine = lines.find((line) => line.startsWith(`"${investmentId}"`));
    expect(investmentLine).toMatch(
      new RegExp(
        `,"investment","debit","900\\.00","approved",.*,"${fund.name}","900\\.000000","1\\.00000000"$`,
      ),
    );
  });

  it('earns in a week only what the funds gained in it, valuing the units held a week ago at that day’s NAV', async () => {
    const fund = await insertFund(db, { slug: 'figures-held-dot', strategy: oneCoinIndex('DOT/USDT') });
    const investor = await fundedInvestor(app, admin, '100');
    const userId = await userIdOf(investor.email);
    const now = Date.now();
    // Ten days ago the investor put 100 USD in and received 100 units; the fund was valued then, two
    // days later and an hour ago (its books are written here as its steps would have written them).
    const tenDaysAgo = new Date(now - 10 * day).toISOString();
    await db.transaction(async (tx) => {
      const [setAside] = rowsOf<{ id: string }>(
        await tx.execute(sql`INSERT INTO ledger_journals (kind, user_id, fund_id, ref, created_at)
          VALUES ('fund_investment', ${userId}, ${fund.id}, 'held-set-aside', ${tenDaysAgo}) RETURNING id`),
      );
      await tx.execute(sql`INSERT INTO ledger_entries (journal_id, kind, account, user_id, fund_id, asset, amount_cents, created_at) VALUES
        (${setAside?.id}, 'fund_investment', 'available', ${userId}, ${fund.id}, 'USD', -10000, ${tenDaysAgo}),
        (${setAside?.id}, 'fund_investment', 'pending_investment', ${userId}, ${fund.id}, 'USD', 10000, ${tenDaysAgo})`);
      const [issue] = rowsOf<{ id: string }>(
        await tx.execute(sql`INSERT INTO ledger_journals (kind, user_id, fund_id, ref, created_at)
          VALUES ('fund_issue', ${userId}, ${fund.id}, 'held-issue', ${tenDaysAgo}) RETURNING id`),
      );
      await tx.execute(sql`INSERT INTO ledger_entries (journal_id, kind, account, user_id, fund_id, asset, amount_cents, created_at) VALUES
        (${issue?.id}, 'fund_issue', 'pending_investment', ${userId}, ${fund.id}, 'USD', -10000, ${tenDaysAgo}),
        (${issue?.id}, 'fund_issue', 'fund_cash', NULL, ${fund.id}, 'USD', 10000, ${tenDaysAgo}),
        (${issue?.id}, 'fund_issue', 'fund_units', ${userId}, ${fund.id}, ${`units:${fund.id}`}, 100000000, ${tenDaysAgo}),
        (${issue?.id}, 'fund_issue', 'fund_units_outstanding', NULL, ${fund.id}, ${`units:${fund.id}`}, -100000000, ${tenDaysAgo})`);
    });
    await db.insert(fundValuations).values(
      (
        [
          [now - 10 * day, 1_0000_0000n],
          [now - 8 * day, 1_2000_0000n],
          [now - hour, 1_5000_0000n],
        ] as const
      ).map(([time, navPerUnit8]) => ({
        fundId: fund.id,
        time: new Date(time),
        navCents: navPerUnit8 / 10_000n,
        unitsOutstanding: 100_000000n,
        navPerUnit8,
      })),
    );

    // Worth 150 now and 120 a week ago (the valuation of eight days ago was the last before it):
    // 30 earned this week, though 50 since the units were bought; the deposit of today earns nothing.
    expect(await figures(app, investor)).toMatchObject({
      totalBalance: 150,
      profits: 50,
      moneyEarned: 30,
      deposits: 100,
    });
  });
});

describe('the trial balance', () => {
  it('shows the funds’ accounts and every asset, one line per account and asset, each asset summing to zero', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/summary',
      headers: admin.headers,
    });
    await expectContract('adminGetSummary', response);
    expect(response.statusCode, response.body).toBe(200);
    const { trialBalance } = response.json();
    const dollars = Object.fromEntries(
      trialBalance.lines.map((line: { account: string; balance: number }) => [
        line.account,
        Math.round(line.balance * 100),
      ]),
    );
    expect(trialBalance.total).toBe(0);
    expect(Object.values(dollars).reduce((sum: number, cents) => sum + Number(cents), 0)).toBe(0);

    // The dollars of the funds are lines of their own, and they are what the funds' ledgers hold.
    const [ltcFund] = await db
      .execute(sql`SELECT id, name FROM funds WHERE slug = 'figures-index-ltc'`)
      .then((result) => rowsOf<{ id: string; name: string }>(result));
    if (!ltcFund) throw new Error('the first test’s fund is missing');
    const cash = rowsOf<{ cents: string }>(
      await db.execute(
        sql`SELECT coalesce(sum(amount_cents), 0)::text AS cents FROM ledger_entries WHERE account = 'fund_cash'`,
      ),
    )[0];
    expect(dollars.fund_cash).toBe(Number(cash?.cents));
    expect(dollars.fund_cash).toBeGreaterThan(0);

    // The coin the fund trades and the units it issued, each balanced.
    const assets = trialBalance.assets as Array<{
      asset: string;
      fundName: string | null;
      lines: Array<{ account: string; balance: string }>;
      total: string;
    }>;
    const ltc = assets.find((asset) => asset.asset === 'LTC');
    const ledger = await fundLedger(db, ltcFund.id);
    expect(ltc).toEqual({
      asset: 'LTC',
      fundName: null,
      lines: [
        { account: 'exchange', balance: expect.stringMatching(/^-?[0-9]+\.[0-9]{8}$/) },
        {
          account: 'fund_coin',
          balance: `${(ledger.balances.get('fund_coin/LTC') ?? 0n) / 100_000_000n}.${String((ledger.balances.get('fund_coin/LTC') ?? 0n) % 100_000_000n).padStart(8, '0')}`,
        },
      ],
      total: '0.00000000',
    });
    const units = assets.find((asset) => asset.asset === `units:${ltcFund.id}`);
    expect(units).toEqual({
      asset: `units:${ltcFund.id}`,
      fundName: ltcFund.name,
      lines: [
        { account: 'fund_units', balance: '800.000000' },
        { account: 'fund_units_outstanding', balance: '-800.000000' },
      ],
      total: '0.000000',
    });
    // Coins before units.
    expect(assets.findIndex((asset) => asset.asset === 'LTC')).toBeLessThan(
      assets.findIndex((asset) => asset.asset.startsWith('units:')),
    );
  });
});

describe('the funds’ returns and drawdowns', () => {
  it('measure 1 month, 3 months and 1 year from the daily NAV, null where the fund is younger, with the drawdown series', async () => {
    const young = await insertFund(db, { slug: 'returns-young', strategy: oneCoinIndex('LTC/USDT') });
    const old = await insertFund(db, { slug: 'returns-old', strategy: oneCoinIndex('DOT/USDT') });
    const today = Math.floor(Date.now() / day) * day;
    const point = (fundId: string, daysAgo: number, navPerUnit8: bigint, hourOfDay = 12) => ({
      fundId,
      time: new Date(today - daysAgo * day + hourOfDay * hour),
      navCents: navPerUnit8 / 10_000n,
      unitsOutstanding: 100_000000n,
      navPerUnit8,
    });
    await db.insert(fundValuations).values([
      // The old fund: 400 days of history. Its day's NAV is the day's last valuation.
      point(old.id, 400, 1_0000_0000n),
      point(old.id, 365, 1_0000_0000n),
      point(old.id, 120, 2_0000_0000n),
      point(old.id, 91, 1_6000_0000n, 6),
      point(old.id, 91, 1_5000_0000n, 18),
      point(old.id, 45, 1_0000_0000n),
      point(old.id, 30, 1_2000_0000n),
      point(old.id, 0, 1_8000_0000n),
      // The young fund: 40 days.
      point(young.id, 40, 1_0000_0000n),
      point(young.id, 0, 1_1000_0000n),
    ]);

    const investor = await fundedInvestor(app, admin, '10');
    const list = await app.inject({ method: 'GET', url: '/api/v1/funds', headers: investor.headers });
    await expectContract('listFunds', list);
    const byId = new Map(
      (list.json().items as Array<{ _id: string }>).map((item) => [
        item._id,
        item as Record<string, unknown>,
      ]),
    );
    // 1.8 against 1.2 (30 days before), 1.5 (91 days before, that day's last), 1.0 (365 days before);
    // the largest fall, 2.0 to 1.0, is half.
    expect(byId.get(old.id)).toMatchObject({
      returns: { oneMonth: 0.5, threeMonths: 0.2, oneYear: 0.8 },
      maxDrawdown: 0.5,
    });
    // Forty days old: no 3-month or 1-year return, and no fall.
    expect(byId.get(young.id)).toMatchObject({
      returns: { oneMonth: 0.1, threeMonths: null, oneYear: null },
      maxDrawdown: 0,
    });

    const sheet = await app.inject({
      method: 'GET',
      url: `/api/v1/funds/${old.id}`,
      headers: investor.headers,
    });
    await expectContract('getFund', sheet);
    const dayOf = (daysAgo: number) => new Date(today - daysAgo * day).toISOString().slice(0, 10);
    expect(sheet.json().dailyNav).toEqual([
      { date: dayOf(400), navPerUnit: '1.00000000', drawdown: 0 },
      { date: dayOf(365), navPerUnit: '1.00000000', drawdown: 0 },
      { date: dayOf(120), navPerUnit: '2.00000000', drawdown: 0 },
      { date: dayOf(91), navPerUnit: '1.50000000', drawdown: 0.25 },
      { date: dayOf(45), navPerUnit: '1.00000000', drawdown: 0.5 },
      { date: dayOf(30), navPerUnit: '1.20000000', drawdown: 0.4 },
      { date: dayOf(0), navPerUnit: '1.80000000', drawdown: 0.1 },
    ]);
  });
});
