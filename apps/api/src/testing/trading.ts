import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../db/database';
import { candles, funds } from '../db/schema';
import type { MarketData } from '../modules/trading/exchange';
import type { FundRow } from '../modules/trading/fund-config';
import { runFundSteps } from '../modules/trading/fund-step';
import { fetchCandles } from '../modules/trading/scheduler';
import { expectContract } from './contract';
import type { startExchangeStandIn } from './exchange-stand-in';

/*
 * What the trading tests share: funds made for one test each (one coin each, so their candles never
 * meet), a clock in whole hours, and a round that fetches a pair's candles through ccxt from the
 * exchange stand-in and steps one fund on them.
 */

export const hour = 3_600_000;

/** Risk limits that stop nothing but stale prices. */
export const looseRisk = {
  maxAssetSharePct: 100,
  maxOpenPositions: 10,
  dailyLossLimitPct: null,
  maxDrawdownPct: null,
  stopLossCooldown: null,
  maxDataAgeMs: 2 * hour,
  priceBandPct: null,
};

export const noCosts = { takerFeeBps: 0, makerFeeBps: 0, slippageBps: 0 };

/** A fund of the test's own, stored as an admin would have made it. */
export async function insertFund(
  db: Database,
  fund: {
    slug: string;
    strategy: Record<string, unknown>;
    risk?: Record<string, unknown>;
    minimumCents?: number;
    costs?: typeof noCosts;
    managementFeeBps?: number;
  },
): Promise<FundRow> {
  const [row] = await db
    .insert(funds)
    .values({
      slug: fund.slug,
      name: `Test ${fund.slug}`,
      strategy: fund.strategy,
      risk: fund.risk ?? looseRisk,
      costs: fund.costs ?? noCosts,
      managementFeeBps: fund.managementFeeBps ?? 0,
      minimumInvestmentCents: fund.minimumCents ?? 10_00,
      riskLevel: 'medium',
    })
    .returning();
  if (!row) throw new Error('the fund was not stored');
  return row;
}

type StandIn = Awaited<ReturnType<typeof startExchangeStandIn>>;

/**
 * The candle of `pair` opening at `time` (flat at `price` unless `open` differs) is served by the
 * stand-in, fetched through ccxt and stepped on by `fund`, at a clock one second after it closed.
 */
export async function closeCandle(
  db: Database,
  standIn: StandIn,
  market: MarketData,
  fund: FundRow,
  pair: string,
  time: number,
  price: string,
  open = price,
) {
  const high = Number(open) > Number(price) ? open : price;
  const low = Number(open) < Number(price) ? open : price;
  standIn.addCandle(pair, { time, open, high, low, close: price });
  const now = time + hour + 1_000;
  await fetchCandles(db, market, [fund], now);
  return runFundSteps(db, fund, { now, exchange: market.exchangeId });
}

/** Invests through the API and checks the answer is the contract's 202. */
/** Answers of the appropriateness check that pass it: each the one an informed investor gives. */
export const passingAnswers = {
  value: 'falls',
  protection: 'none',
  loss: 'afford',
  horizon: 'years',
  experience: 'few',
} as const;

/** The investor passes the appropriateness check (once: a passed check is not taken again). */
export async function passAppropriatenessCheck(
  app: FastifyInstance,
  investor: { headers: Record<string, string> },
): Promise<void> {
  const state = await app.inject({
    method: 'GET',
    url: '/api/v1/users/appropriateness',
    headers: investor.headers,
  });
  expect(state.statusCode, state.body).toBe(200);
  if (state.json().status === 'passed') return;
  const taken = await app.inject({
    method: 'POST',
    url: '/api/v1/users/appropriateness',
    headers: investor.headers,
    payload: { answers: passingAnswers },
  });
  await expectContract('takeAppropriatenessCheck', taken);
  // Investments sent at once by one investor each take the check: the one that comes second finds it
  // passed already.
  if (taken.statusCode === 409 && taken.json().msg === 'You have already passed the appropriateness check')
    return;
  expect(taken.json().status, taken.body).toBe('passed');
}

/**
 * An investment through the API, as an investor who has passed the appropriateness check (a first
 * investment needs it; the check's own tests call the API without this helper).
 */
export async function invest(
  app: FastifyInstance,
  investor: { headers: Record<string, string> },
  fundId: string,
  amount: number,
  idempotencyKey?: string,
) {
  await passAppropriatenessCheck(app, investor);
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/funds/${fundId}/investments`,
    headers: { ...investor.headers, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    payload: { amount },
  });
  await expectContract('investInFund', response);
  return response;
}

export async function redeem(
  app: FastifyInstance,
  investor: { headers: Record<string, string> },
  fundId: string,
  body: Record<string, unknown>,
  idempotencyKey?: string,
) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/funds/${fundId}/redemptions`,
    headers: { ...investor.headers, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    payload: body,
  });
  await expectContract('redeemFromFund', response);
  return response;
}

export async function portfolio(app: FastifyInstance, investor: { headers: Record<string, string> }) {
  const response = await app.inject({ method: 'GET', url: '/api/v1/portfolio', headers: investor.headers });
  await expectContract('getPortfolio', response);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Stores `count` flat candles of `pair` from `from` on, as if fetched from the exchange (`binance`). */
export async function storeFlatCandles(
  db: Database,
  pair: string,
  options: { from: number; count: number; price: bigint; timeframe?: string; step?: bigint },
): Promise<void> {
  const timeframe = options.timeframe ?? '1h';
  const length = timeframe === '1d' ? 24 * hour : hour;
  await db
    .insert(candles)
    .values(
      Array.from({ length: options.count }, (_, index) => {
        const price = options.price + (options.step ?? 0n) * BigInt(index);
        return {
          exchange: 'binance',
          pair,
          timeframe,
          openTime: new Date(options.from + index * length),
          open: price,
          high: price,
          low: price,
          close: price,
          volume: 100_000_000n,
        };
      }),
    )
    .onConflictDoNothing();
}
