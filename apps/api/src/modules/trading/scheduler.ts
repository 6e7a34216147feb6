import {
  type MarketRules,
  strategyPairs,
  type Timeframe,
  timeframes,
  validateRiskLimits,
  validateStrategyConfig,
} from '@ledgerline/engine';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { candles, funds } from '../../db/schema';
import type { MarketData } from './exchange';
import { allFunds, type FundRow } from './fund-config';
import { announceFundPaused } from './fund-events';
import { runFundSteps, warmUpCandles } from './fund-step';
import { valueFundsBetweenSteps } from './interval-valuations';
import { fundDifferences, recordReconciliation } from './reconcile';

/*
 * The background work of trading, on every instance: fetch the candles that closed for the funds'
 * pairs into `candles`, then step each fund on them. Prices are never fetched on a user's request.
 * When the exchange cannot be reached, or its last candle of a pair is older than the fund allows,
 * the fund says why (`funds.halted_reason`) and no step has a price to trade on: nothing guesses one.
 * Two instances may both run this; the fund step's advisory lock and version check let one of them
 * write each step.
 */

/** One pair at one timeframe, as the funds trade it. */
type Feed = { pair: string; timeframe: Timeframe };

function feedsOf(rows: readonly FundRow[]): Feed[] {
  const feeds = new Map<string, Feed>();
  for (const fund of rows) {
    const strategy = validateStrategyConfig(fund.strategy);
    if (!strategy.ok) continue;
    for (const pair of strategyPairs(strategy.config)) {
      feeds.set(`${pair} ${strategy.config.timeframe}`, { pair, timeframe: strategy.config.timeframe });
    }
  }
  return [...feeds.values()];
}

/** The open time of the newest stored candle of a feed, ms, or null. */
async function newestCandle(db: Database, exchange: string, feed: Feed): Promise<number | null> {
  const [row] = await db
    .select({ openTime: candles.openTime })
    .from(candles)
    .where(
      and(eq(candles.exchange, exchange), eq(candles.pair, feed.pair), eq(candles.timeframe, feed.timeframe)),
    )
    .orderBy(desc(candles.openTime))
    .limit(1);
  return row?.openTime.getTime() ?? null;
}

export type FetchReport = { stored: number; failures: Map<string, string> };

/** Fetches the closed candles each feed lacks and stores them; a failing feed is reported, not thrown. */
export async function fetchCandles(
  db: Database,
  market: MarketData,
  rows: readonly FundRow[],
  now: number,
): Promise<FetchReport> {
  let stored = 0;
  const failures = new Map<string, string>();
  for (const feed of feedsOf(rows)) {
    const length = timeframes[feed.timeframe];
    const newest = await newestCandle(db, market.exchangeId, feed);
    const since = newest === null ? now - warmUpCandles * length : newest + length;
    try {
      const fetched = await market.closedCandles(feed.pair, feed.timeframe, since, now);
      if (fetched.length === 0) continue;
      const inserted = await db
        .insert(candles)
        .values(
          fetched.map((candle) => ({
            exchange: market.exchangeId,
            pair: feed.pair,
            timeframe: feed.timeframe,
            openTime: new Date(candle.time),
            open: candle.open,
            high: candle.high,
            low: candle.low,
            close: candle.close,
            volume: candle.volume,
          })),
        )
        .onConflictDoNothing()
        .returning({ pair: candles.pair });
      stored += inserted.length;
    } catch (error) {
      failures.set(feed.pair, error instanceof Error ? error.message : String(error));
    }
  }
  return { stored, failures };
}

/**
 * Why a fund cannot trade for want of prices, or null: the exchange did not answer for one of its
 * pairs, or that pair's newest closed candle is older than the fund's stale-data limit (two candles
 * when it has none).
 */
export async function haltReason(
  db: Database,
  exchange: string,
  fund: FundRow,
  failures: ReadonlyMap<string, string>,
  now: number,
): Promise<string | null> {
  const strategy = validateStrategyConfig(fund.strategy);
  if (!strategy.ok) return 'Its parameters are invalid: it does not trade until an admin corrects them.';
  const risk = validateRiskLimits(fund.risk);
  const length = timeframes[strategy.config.timeframe];
  const maxAge = (risk.ok ? risk.config.maxDataAgeMs : null) ?? 2 * length;
  for (const pair of strategyPairs(strategy.config)) {
    if (failures.has(pair)) {
      return `The exchange (${exchange}) cannot be reached for ${pair}: no order is placed until its prices return.`;
    }
    const newest = await newestCandle(db, exchange, { pair, timeframe: strategy.config.timeframe });
    if (newest === null)
      return `No price of ${pair} has been received yet from ${exchange}: no order is placed until one arrives.`;
    const closedAt = newest + length;
    if (now - closedAt > maxAge) {
      return `The last price of ${pair} from ${exchange} is from ${new Date(closedAt).toISOString()}, too old to trade on: no order is placed until fresh prices arrive.`;
    }
  }
  return null;
}

/** Records why each fund cannot trade (or that it can again), changing only what changed. */
export async function recordHalts(
  db: Database,
  exchange: string,
  rows: readonly FundRow[],
  failures: ReadonlyMap<string, string>,
  now: number,
): Promise<void> {
  for (const fund of rows) {
    const reason = await haltReason(db, exchange, fund, failures, now);
    if (reason !== fund.haltedReason)
      await db.update(funds).set({ haltedReason: reason }).where(eq(funds.id, fund.id));
    // A fund that stops trading for want of prices says so live, once, after the change is stored.
    if (reason !== null && fund.haltedReason === null) await announceFundPaused(db, fund, reason);
  }
}

export type TradingRound = {
  fetched: FetchReport;
  steps: number;
  /** Funds whose books and ledger differ after their steps, with each difference. */
  unreconciled: Map<string, string[]>;
};

/**
 * One round: fetch, record halts, step every fund on what closed, reconcile the funds that stepped,
 * and value the funds whose last valuation is `valuationIntervalMs` old (when given).
 */
export async function tradingRound(
  db: Database,
  market: MarketData,
  now: number,
  markets: Readonly<Record<string, MarketRules>> = {},
  valuationIntervalMs: number | null = null,
): Promise<TradingRound> {
  const before = await allFunds(db);
  const fetched = await fetchCandles(db, market, before, now);
  await recordHalts(db, market.exchangeId, before, fetched.failures, now);
  let steps = 0;
  const unreconciled = new Map<string, string[]>();
  for (const fund of await allFunds(db)) {
    const report = await runFundSteps(db, fund, { now, exchange: market.exchangeId, markets });
    steps += report.steps;
    if (report.steps === 0) continue;
    const differences = await fundDifferences(db, fund.id);
    // Kept whether or not they agree: the desk shows when the books were last found right.
    await recordReconciliation(db, fund.id, differences, new Date(now));
    if (differences.length > 0) unreconciled.set(fund.id, differences);
  }
  if (valuationIntervalMs !== null)
    await valueFundsBetweenSteps(db, market.exchangeId, now, valuationIntervalMs);
  return { fetched, steps, unreconciled };
}

export type TradingScheduler = {
  /** Runs a round now (and waits for it), besides the timer's. */
  runOnce(): Promise<TradingRound | null>;
  /** Stops the timer and waits for a round in flight. */
  stop(): Promise<void>;
};

/** Runs a trading round every `tickSeconds`, one at a time; failures are logged and retried next round. */
export function startTradingScheduler(options: {
  db: Database;
  market: MarketData;
  tickSeconds: number;
  /** Minutes between valuations besides each step's (`TRADING_VALUATION_MINUTES`); none when absent. */
  valuationMinutes?: number;
  log: FastifyBaseLogger;
  clock?: () => number;
}): TradingScheduler {
  const { db, market, log } = options;
  const clock = options.clock ?? Date.now;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let inFlight: Promise<TradingRound | null> | null = null;
  let rules: Record<string, MarketRules> | null = null;

  const round = async (): Promise<TradingRound | null> => {
    try {
      if (rules === null) {
        const rows = await allFunds(db);
        rules = await market.marketRules(feedsOf(rows).map((feed) => feed.pair)).catch(() => null);
      }
      const interval = options.valuationMinutes === undefined ? null : options.valuationMinutes * 60_000;
      const done = await tradingRound(db, market, clock(), rules ?? {}, interval);
      // An alert: the books of the paper exchange and the ledger must never differ.
      for (const [fundId, differences] of done.unreconciled)
        log.error({ fundId, differences }, 'a fund does not reconcile: its books and its ledger differ');
      return done;
    } catch (error) {
      log.error({ err: error }, 'a trading round failed; it is tried again at the next tick');
      return null;
    }
  };
  const runOnce = (): Promise<TradingRound | null> => {
    inFlight ??= round().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      void runOnce().finally(schedule);
    }, options.tickSeconds * 1000);
    timer.unref();
  };
  schedule();
  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      // A round in flight finishes its step (each is one transaction) or is abandoned after a bound: a
      // step cut short rolls back and is made again by the next round, here or on another instance.
      await Promise.race([inFlight, new Promise((resolve) => setTimeout(resolve, 3_000).unref())]);
    },
  };
}
