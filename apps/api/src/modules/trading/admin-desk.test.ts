import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/database';
import { fundStates, fundValuations, riskEvents } from '../../db/schema';
import { signedInAdmin, signedInInvestor } from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { expectContract } from '../../testing/contract';
import { testDatabase } from '../../testing/database';
import { flatCandle, startExchangeStandIn } from '../../testing/exchange-stand-in';
import { createWallets, fundedInvestor } from '../../testing/money';
import { closeCandle, hour, insertFund, invest } from '../../testing/trading';
import { totpCode } from '../auth/totp';
import { wrongCodeMessage } from '../auth/two-factor';
import { tradingStepUpCodeNeededMessage } from '../step-up/step-up';
import { ageInWords, drawdownFrom } from './admin-desk';
import { loadedState, storedState } from './engine-state';
import { ccxtMarketData, type MarketData } from './exchange';
import { tradingRound } from './scheduler';

/*
 * The trading desk an operator reads: each fund's drawdown against its breaker, today's result, the
 * age of its prices and its alerts (stale prices, a tripped breaker, books that differ from the
 * ledger); one fund's own risk events and reconciliation; and the global switch behind a step-up code.
 */

let app: FastifyInstance;
let db: Database;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let standIn: Awaited<ReturnType<typeof startExchangeStandIn>>;
let market: MarketData;
/** The open time of the tests' first fresh candle: a whole hour, two hours from now. */
const base = (Math.floor(Date.now() / hour) + 2) * hour;
const at = (index: number) => base + index * hour;

beforeAll(async () => {
  standIn = await startExchangeStandIn(['DOGE/USDT', 'XRP/USDT']);
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

afterEach(() => {
  vi.useRealTimers();
});

const recurring = (pair: string) => ({
  kind: 'recurring-buy',
  timeframe: '1h',
  amountCents: 100_00,
  weights: { [pair]: 100 },
  schedule: { everyCandles: 1 },
});

async function get(path: string, operation: 'adminGetTrading' | 'adminGetFund' | 'listFundFills') {
  const response = await app.inject({ method: 'GET', url: `/api/v1${path}`, headers: admin.headers });
  await expectContract(operation, response);
  return response;
}

async function deskFund(fundId: string) {
  const response = await get('/admin/trading', 'adminGetTrading');
  expect(response.statusCode, response.body).toBe(200);
  const found = response.json().funds.find((item: { fund: { _id: string } }) => item.fund._id === fundId);
  if (!found) throw new Error(`the desk does not list ${fundId}`);
  return found;
}

/** Changes a fund's stored engine state as a fault would. */
async function alterState(fundId: string, change: (state: ReturnType<typeof loadedState>) => unknown) {
  const [row] = await db.select().from(fundStates).where(eq(fundStates.fundId, fundId));
  if (!row) throw new Error('the fund has not stepped');
  await db
    .update(fundStates)
    .set({ state: storedState(change(loadedState(row.state)) as ReturnType<typeof loadedState>) })
    .where(eq(fundStates.fundId, fundId));
}

describe('the desk', () => {
  it("shows a fund's drawdown from its highest NAV per unit, today's result and its prices' age", async () => {
    const fund = await insertFund(db, { slug: 'desk-doge', strategy: recurring('DOGE/USDT') });
    const investor = await fundedInvestor(app, admin, '500');
    expect((await invest(app, investor, fund.id, 500)).statusCode).toBe(202);
    await closeCandle(db, standIn, market, fund, 'DOGE/USDT', at(0), '0.5');
    await closeCandle(db, standIn, market, fund, 'DOGE/USDT', at(1), '0.5');
    await closeCandle(db, standIn, market, fund, 'DOGE/USDT', at(2), '0.4');

    const valuations = await db
      .select()
      .from(fundValuations)
      .where(eq(fundValuations.fundId, fund.id))
      .orderBy(fundValuations.time);
    const perUnit = valuations.map((row) => row.navPerUnit8);
    const peak = [...perUnit].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).at(-1) ?? 0n;
    const last = perUnit.at(-1) ?? 0n;
    expect(last).toBeLessThan(peak);

    const shown = await deskFund(fund.id);
    expect(shown.drawdown).toBeGreaterThan(0);
    expect(shown.drawdown).toBe(drawdownFrom(peak, last));
    expect(typeof shown.todayReturn).toBe('number');
    expect(shown.pricesAt).toBe(new Date(at(3)).toISOString());
    expect(shown.alerts).toEqual([]);
    expect(shown.exposure.map((holding: { asset: string }) => holding.asset)).toEqual(['DOGE']);
  });

  it('alerts on prices older than the fund allows, a tripped breaker and books that differ', async () => {
    const fund = await insertFund(db, { slug: 'desk-xrp', strategy: recurring('XRP/USDT') });
    // A candle that closed five hours ago: older than the two hours the fund's limit allows.
    const stale = (Math.floor(Date.now() / hour) - 6) * hour;
    await closeCandle(db, standIn, market, fund, 'XRP/USDT', stale, '2');
    const staleAlerts = (await deskFund(fund.id)).alerts;
    expect(staleAlerts).toHaveLength(1);
    expect(staleAlerts[0].kind).toBe('stale-data');
    expect(staleAlerts[0].message).toMatch(
      /^The last price of XRP is [0-9]+ (minutes|hours) old, older than the 2 hours allowed$/,
    );

    await alterState(fund.id, (state) => ({
      ...state,
      risk: { ...state.risk, paused: { reason: 'The drawdown reached 25%: trading stops', since: stale } },
      fund: { ...state.fund, cashCents: state.fund.cashCents + 1n },
    }));
    const shown = await deskFund(fund.id);
    expect(shown.fund.status).toBe('paused');
    expect(shown.alerts.map((alert: { kind: string }) => alert.kind)).toEqual([
      'stale-data',
      'breaker',
      'reconciliation',
    ]);
    expect(shown.alerts[1].message).toBe('The drawdown reached 25%: trading stops');
    expect(shown.alerts[2].message).toBe(
      'Books and ledger differ: cash: 0.01 in the books, 0.00 in the ledger',
    );

    const detail = await get(`/admin/funds/${fund.id}`, 'adminGetFund');
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().reconciliation.differences).toEqual(['cash: 0.01 in the books, 0.00 in the ledger']);
  });

  it('words an age in minutes, hours or days', () => {
    expect(ageInWords(60_000)).toBe('1 minute');
    expect(ageInWords(119 * 60_000)).toBe('119 minutes');
    expect(ageInWords(5 * hour)).toBe('5 hours');
    expect(ageInWords(72 * hour)).toBe('3 days');
  });
});

describe('one fund', () => {
  it('lists its own risk events newest first and a reconciliation that agrees', async () => {
    const mine = await insertFund(db, { slug: 'desk-events', strategy: recurring('DOGE/USDT') });
    const other = await insertFund(db, { slug: 'desk-events-other', strategy: recurring('DOGE/USDT') });
    const event = (fundId: string, minutesAgo: number, reason: string) => ({
      fundId,
      time: new Date(Date.now() - minutesAgo * 60_000),
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
      rule: 'stale-data',
      action: 'refused',
      reason,
    });
    await db
      .insert(riskEvents)
      .values([
        event(mine.id, 30, 'Older of mine'),
        event(other.id, 20, 'Not mine'),
        event(mine.id, 10, 'Newer of mine'),
      ]);

    const response = await get(`/admin/funds/${mine.id}`, 'adminGetFund');
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json();
    expect(detail.fund.fund._id).toBe(mine.id);
    expect(detail.riskEvents.map((item: { reason: string }) => item.reason)).toEqual([
      'Newer of mine',
      'Older of mine',
    ]);
    expect(detail.reconciliation.differences).toEqual([]);
    expect(Date.parse(detail.reconciliation.checkedAt)).not.toBeNaN();

    expect((await get(`/admin/funds/${crypto.randomUUID()}`, 'adminGetFund')).statusCode).toBe(404);
  });

  it('filters its fills by side and by pair', async () => {
    const doge = await insertFund(db, { slug: 'desk-fills', strategy: recurring('DOGE/USDT') });
    const investor = await fundedInvestor(app, admin, '300');
    expect((await invest(app, investor, doge.id, 300)).statusCode).toBe(202);
    await closeCandle(db, standIn, market, doge, 'DOGE/USDT', at(10), '0.5');
    await closeCandle(db, standIn, market, doge, 'DOGE/USDT', at(11), '0.5');
    const fills = async (query: string) => {
      const response = await get(`/funds/${doge.id}/fills${query}`, 'listFundFills');
      expect(response.statusCode, response.body).toBe(200);
      return response.json().items as { side: string; pair: string }[];
    };
    const all = await fills('');
    expect(all.length).toBeGreaterThan(0);
    expect(await fills('?side=buy')).toEqual(all);
    expect(await fills('?side=sell')).toEqual([]);
    expect(await fills('?pair=DOGE/USDT')).toEqual(all);
    expect(await fills('?pair=XRP/USDT')).toEqual([]);
    const bad = await app.inject({
      method: 'GET',
      url: `/api/v1/funds/${doge.id}/fills?side=hold`,
      headers: admin.headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the global switch', () => {
  let clock = Date.now();
  function nextStep(): Date {
    clock = Math.max(clock, Date.now()) + 30_000;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(clock);
    return new Date(clock);
  }

  it('needs a fresh code from an admin with two-factor on, to stop and to restart', async () => {
    const strict = await signedInAdmin(app, { fullname: 'strict admin' });
    const call = (path: string, payload?: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: `/api/v1${path}`, headers: strict.headers, payload });
    const setup = await call('/auth/two-factor/setup');
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json() as { secret: string };
    const enabled = await call('/auth/two-factor/enable', {
      password: strict.password,
      code: totpCode(secret, nextStep()),
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const paused = async () => (await get('/admin/trading', 'adminGetTrading')).json().trading.paused;

    const noCode = await call('/admin/trading/pause', { reason: 'Exchange incident' });
    await expectContract('adminPauseTrading', noCode);
    expect(noCode.statusCode).toBe(403);
    expect(noCode.json()).toEqual({ msg: tradingStepUpCodeNeededMessage });
    const wrong = await call('/admin/trading/pause', {
      reason: 'Exchange incident',
      twoFactorCode: '000000',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ msg: wrongCodeMessage });
    expect(await paused()).toBe(false);

    const stopped = await call('/admin/trading/pause', {
      reason: 'Exchange incident',
      twoFactorCode: totpCode(secret, nextStep()),
    });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(await paused()).toBe(true);

    const resumeNoCode = await call('/admin/trading/resume', {});
    await expectContract('adminResumeTrading', resumeNoCode);
    expect(resumeNoCode.statusCode).toBe(403);
    expect(await paused()).toBe(true);
    const resumed = await call('/admin/trading/resume', { twoFactorCode: totpCode(secret, nextStep()) });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(await paused()).toBe(false);

    // An investor never reaches the switch.
    const investor = await signedInInvestor(app);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/trading/pause',
      headers: investor.headers,
      payload: { reason: 'No' },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('the reconciliation history', () => {
  it('keeps a check after every round the fund stepped in, with what differed', async () => {
    const fund = await insertFund(db, { slug: 'desk-rounds', strategy: recurring('DOGE/USDT') });
    standIn.addCandle('DOGE/USDT', flatCandle(at(20), '0.5'));
    await tradingRound(db, market, at(21) + 1_000);
    await alterState(fund.id, (state) => ({
      ...state,
      fund: { ...state.fund, cashCents: state.fund.cashCents + 1n },
    }));
    standIn.addCandle('DOGE/USDT', flatCandle(at(21), '0.5'));
    await tradingRound(db, market, at(22) + 1_000);

    const response = await get(`/admin/funds/${fund.id}`, 'adminGetFund');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().reconciliations).toEqual([
      {
        checkedAt: new Date(at(22) + 1_000).toISOString(),
        differences: ['cash: 0.01 in the books, 0.00 in the ledger'],
      },
      { checkedAt: new Date(at(21) + 1_000).toISOString(), differences: [] },
    ]);
  });
});
