import { formatDecimal, type MarketRules, unitScale } from '@ledgerline/engine';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Database, postgresDatabase, rowsOf } from '../../db/database';
import { fundStates } from '../../db/schema';
import { signedInAdmin, userIdOf } from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { testDatabase, testDatabaseUrl } from '../../testing/database';
import { startExchangeStandIn } from '../../testing/exchange-stand-in';
import { fundInvariantViolations } from '../../testing/fund-invariants';
import { createWallets, fundedInvestor } from '../../testing/money';
import { hour, insertFund, invest, looseRisk, redeem } from '../../testing/trading';
import { until } from '../../testing/until';
import { unitsHeld } from '../ledger/fund-postings';
import { ccxtMarketData, type MarketData } from './exchange';
import type { FundRow } from './fund-config';
import { valueFundsBetweenSteps } from './interval-valuations';
import { tradingRound } from './scheduler';

/*
 * The ledger's invariants while 32 investors invest and redeem at once, each round of requests racing
 * the funds' steps as two instances run them and the valuations between steps: on PGlite, and on
 * PostgreSQL where the second instance has its own connections and the concurrency is real. The
 * requests are drawn from a seeded generator; which of them a step sees first depends on the race,
 * so only invariants are asserted, never one interleaving's figures.
 */

let app: FastifyInstance;
let db: Database;
/** A second instance's database connection (its own pool on PostgreSQL; the same one on PGlite). */
let otherDb: Database;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let standIn: Awaited<ReturnType<typeof startExchangeStandIn>>;
let market: MarketData;

const pairs = { 'AVAX/USDT': 30, 'LINK/USDT': 15, 'DOT/USDT': 6, 'LTC/USDT': 90 } as const;
type Pair = keyof typeof pairs;
const costs = { takerFeeBps: 10, makerFeeBps: 10, slippageBps: 5 };
/**
 * The first candle opens five hours before a UTC midnight at least a day ahead of the real clock:
 * every request made now comes before every close, and the management fee is settled at midnight.
 */
const base = (Math.floor(Date.now() / 86_400_000) + 2) * 86_400_000 - 5 * hour;
const at = (index: number) => base + index * hour;

beforeAll(async () => {
  standIn = await startExchangeStandIn(Object.keys(pairs));
  app = await createTestApp({ TRADING_EXCHANGE_URL: standIn.url });
  db = (await testDatabase()).db;
  admin = await signedInAdmin(app);
  await createWallets(app, admin);
  market = ccxtMarketData('binance', standIn.url);
  const url = await testDatabaseUrl();
  const pool = url ? new pg.Pool({ connectionString: url, max: 5 }) : null;
  // An idle client ended by the file's database being dropped is no failure of the test.
  pool?.on('error', () => undefined);
  const other = pool ? postgresDatabase(pool) : null;
  otherDb = other?.db ?? db;
  return async () => {
    await other?.close();
    await app.close();
    await standIn.close();
  };
});

/** A seeded generator (mulberry32): the same requests in every run. */
function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}

/** Each pair's price at a candle: a wave around its level, so the trend fund enters and leaves. */
function priceAt(pair: Pair, index: number): string {
  const phase = Object.keys(pairs).indexOf(pair);
  return (pairs[pair] * (1 + 0.07 * Math.sin(index * 0.9 + phase))).toFixed(2);
}

/** The stand-in serves the candle of every pair opening at `at(index)`. */
function candleCloses(index: number) {
  for (const pair of Object.keys(pairs) as Pair[]) {
    const open = priceAt(pair, index - 1);
    const close = priceAt(pair, index);
    const high = Number(open) > Number(close) ? open : close;
    const low = Number(open) < Number(close) ? open : close;
    standIn.addCandle(pair, { time: at(index), open, high, low, close });
  }
}

type Investor = Awaited<ReturnType<typeof fundedInvestor>> & { id: string };
type Accepted = { id: string; kind: 'investment' | 'redemption' };

/** An answer is 202 (the request's id is kept) or a 400 naming a field: never anything else. */
function accepted(response: LightMyRequestResponse, into: Accepted[]): boolean {
  if (response.statusCode === 202) {
    const request = response.json().request;
    into.push({ id: request._id, kind: request.kind });
    return true;
  }
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json().msg).toMatch(/^(amount|units|all|fundId)[ :]/);
  return false;
}

/** The same request sent twice at once with one Idempotency-Key: one answer, given twice. */
async function sentTwice(send: () => Promise<LightMyRequestResponse>, into: Accepted[]) {
  const [first, second] = await Promise.all([send(), send()]);
  if (!first || !second) throw new Error('no answer');
  expect({ status: second.statusCode, body: second.json() }).toEqual({
    status: first.statusCode,
    body: first.json(),
  });
  accepted(first, into);
}

describe('funds under 32 investors at once', () => {
  it('keep every ledger invariant while steps, a second instance and valuations run', {
    timeout: 600_000,
  }, async () => {
    const funds: FundRow[] = [
      await insertFund(db, {
        slug: 'invariants-index',
        costs,
        managementFeeBps: 1_000,
        strategy: {
          kind: 'index',
          timeframe: '1h',
          weights: { 'AVAX/USDT': 60, 'LINK/USDT': 40 },
          rebalanceEveryCandles: 1,
          driftBandPct: 1,
          cashReservePct: 0,
        },
      }),
      await insertFund(db, {
        slug: 'invariants-recurring',
        costs,
        managementFeeBps: 200,
        strategy: {
          kind: 'recurring-buy',
          timeframe: '1h',
          amountCents: 150_00,
          weights: { 'DOT/USDT': 100 },
          schedule: { everyCandles: 1 },
        },
      }),
      await insertFund(db, {
        slug: 'invariants-trend',
        costs,
        managementFeeBps: 0,
        risk: { ...looseRisk, maxOpenPositions: 1 },
        strategy: {
          kind: 'trend',
          timeframe: '1h',
          pairs: ['LTC/USDT'],
          fastPeriod: 2,
          slowPeriod: 3,
          positionSizePct: 90,
          stopLossPct: 4,
          takeProfitPct: 8,
          trailingStopPct: null,
          maxCandlesHeld: 3,
        },
      }),
    ];
    const fundIds = funds.map((fund) => fund.id);
    const markets: Record<string, MarketRules> = await market.marketRules(Object.keys(pairs));

    // 32 investors with 1,000 USD each, made four at a time.
    const investors: Investor[] = [];
    for (let batch = 0; batch < 8; batch++) {
      investors.push(
        ...(await Promise.all(
          Array.from({ length: 4 }, async () => {
            const investor = await fundedInvestor(app, admin, '1000');
            return { ...investor, id: await userIdOf(investor.email) };
          }),
        )),
      );
    }
    const credited = new Map(investors.map((investor) => [investor.id, 1000_00n]));
    const requests: Accepted[] = [];
    const random = seeded(20_250_601);

    // Before the first close: everyone invests in one fund; every fourth investor's request is sent
    // twice at once with one key, for more than half the balance, so a second run of it could not pay.
    await Promise.all(
      investors.map(async (investor, index) => {
        const fundId = fundIds[index % fundIds.length] as string;
        if (index % 4 === 0) {
          await sentTwice(() => invest(app, investor, fundId, 600, `first-${index}-0000`), requests);
        } else {
          const answer = await invest(app, investor, fundId, random.int(200, 500));
          expect(answer.statusCode, answer.body).toBe(202);
          accepted(answer, requests);
        }
      }),
    );
    expect(requests).toHaveLength(32);

    /** One investor's move in a round: invest, redeem (by units, amount or all), either sent twice, or nothing. */
    const move = async (investor: Investor, index: number, round: number) => {
      // Every draw before the first wait, so the requests do not depend on the race.
      const roll = random.next();
      const fundId = fundIds[random.int(0, fundIds.length - 1)] as string;
      const twice = random.next() < 0.25;
      const amount = random.int(10, 150);
      const shape = random.int(0, 2);
      const redeemAmount = random.int(5, 60);
      const key = `move-${index}-${round}-0000`;
      // In the first round only investments: their units are not priced yet.
      if (round === 0 || roll < 0.35) {
        if (twice) await sentTwice(() => invest(app, investor, fundId, amount, key), requests);
        else accepted(await invest(app, investor, fundId, amount), requests);
        return;
      }
      if (roll > 0.85) return;
      // Redeem from a fund the investor holds (the first one invested in, in round 1: its units were
      // priced at the first close, and no redemption waits yet).
      const from = round === 1 ? (fundIds[index % fundIds.length] as string) : fundId;
      const held = await unitsHeld(db, investor.id, from);
      const body =
        shape === 0
          ? { all: true }
          : shape === 1
            ? { units: formatDecimal(held / 2n > 0n ? held / 2n : 1n, unitScale) }
            : { amount: redeemAmount };
      if (twice) await sentTwice(() => redeem(app, investor, from, body, key), requests);
      else accepted(await redeem(app, investor, from, body), requests);
    };

    /** Whether every fund has stepped on candle `index`. */
    const stepped = async (index: number) => {
      const states = await db.select().from(fundStates).where(inArray(fundStates.fundId, fundIds));
      return (
        states.length === fundIds.length &&
        states.every((state) => state.lastCloseTime?.getTime() === at(index) + hour)
      );
    };
    /**
     * Trading rounds on each instance, at one second past the close of candle `index`, until every
     * fund has stepped on it: on a busy machine the stand-in may answer a fetch too late, and the
     * next round fetches it again, as the scheduler's would.
     */
    const trade = async (index: number) => {
      const now = at(index) + hour + 1_000;
      await until(async () => {
        const [first, second] = await Promise.all([
          tradingRound(db, market, now, markets),
          tradingRound(otherDb, market, now, markets),
          // The NAV between steps, at a time between this close and the next.
          valueFundsBetweenSteps(otherDb, market.exchangeId, now + 20 * 60_000, 15 * 60_000),
        ]);
        // The reconciliation job's own check after each fund's steps.
        expect(first.unreconciled).toEqual(new Map());
        expect(second.unreconciled).toEqual(new Map());
        return stepped(index);
      }, 120_000);
    };

    // Six rounds: each candle closes while all 32 investors send their requests.
    const requestRounds = 6;
    for (let round = 0; round < requestRounds; round++) {
      candleCloses(round);
      await Promise.all([trade(round), ...investors.map((investor, index) => move(investor, index, round))]);
      expect(await fundInvariantViolations(db, fundIds, credited)).toEqual([]);
    }

    // Then candles close with no new request until every request has been priced or refused (a
    // redemption the cash does not cover waits for the sells it makes).
    const waiting = async () =>
      rowsOf<{ id: string; kind: string; fund_id: string }>(
        await db.execute(
          sql`SELECT id, kind::text AS kind, fund_id FROM fund_requests WHERE status = 'pending' ORDER BY id`,
        ),
      );
    let round = requestRounds;
    while ((await waiting()).length > 0 && round < requestRounds + 12) {
      candleCloses(round);
      await trade(round);
      round++;
    }
    expect(await waiting()).toEqual([]);

    // Every request answered 202 is stored once, and nothing else is.
    const stored = rowsOf<{ id: string; kind: string; status: string }>(
      await db.execute(
        sql`SELECT id, kind::text AS kind, status::text AS status FROM fund_requests WHERE fund_id IN ${fundIds}`,
      ),
    );
    expect(stored.map((row) => row.id).sort()).toEqual(requests.map((request) => request.id).sort());
    expect(new Set(requests.map((request) => request.id)).size).toBe(requests.length);
    // Each fund traded, investments were priced, and the round-1 redemptions at least were paid.
    const count = (kind: string, status: string) =>
      stored.filter((row) => row.kind === kind && row.status === status).length;
    expect(count('investment', 'priced')).toBeGreaterThanOrEqual(32);
    expect(count('redemption', 'priced')).toBeGreaterThan(0);
    const traded = rowsOf<{ fund_id: string; fills: number }>(
      await db.execute(
        sql`SELECT fund_id, count(*)::int AS fills FROM fills WHERE fund_id IN ${fundIds} GROUP BY fund_id`,
      ),
    );
    expect(traded.map((row) => row.fund_id).sort()).toEqual([...fundIds].sort());

    expect(await fundInvariantViolations(db, fundIds, credited)).toEqual([]);
  });
});
