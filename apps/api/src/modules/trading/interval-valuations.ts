import {
  baseOf,
  type CoinPrices,
  isTimeframe,
  pairsByCoin,
  strategyPairs,
  strikeValuation,
  timeframes,
} from '@ledgerline/engine';
import { and, desc, eq, lte, max } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { candles, fundStates, fundValuations } from '../../db/schema';
import { loadedState } from './engine-state';
import { allFunds, fundConfigOf } from './fund-config';

/*
 * Valuations at a fixed interval, besides the one each step strikes at its candle's close: between
 * steps (a daily fund steps once a day) the NAV shown follows the newest price the database holds of
 * each coin, at whatever timeframe it was fetched, with the management fee accrued to that moment.
 * Such a valuation only shows the NAV: it prices no request and changes nothing in the fund's books,
 * which only a step moves. A fund without fresh prices gets none: nothing guesses a price.
 */

/** The close of the newest stored candle of each pair that closed by `now`, with its close time. */
async function newestCloses(
  db: Database,
  exchange: string,
  pairs: readonly string[],
  now: number,
): Promise<Map<string, { price8: bigint; time: number }>> {
  const closes = new Map<string, { price8: bigint; time: number }>();
  for (const pair of pairs) {
    // Only 1m to 1d candles are stored; a candle that opened a day before `now` or later has closed
    // once its own length has passed, which the close time below checks.
    const rows = await db
      .select({ openTime: candles.openTime, close: candles.close, timeframe: candles.timeframe })
      .from(candles)
      .where(
        and(eq(candles.exchange, exchange), eq(candles.pair, pair), lte(candles.openTime, new Date(now))),
      )
      .orderBy(desc(candles.openTime))
      .limit(8);
    for (const row of rows) {
      const closeTime = row.openTime.getTime() + timeframeMs(row.timeframe);
      if (closeTime > now) continue;
      const known = closes.get(pair);
      if (known === undefined || closeTime > known.time)
        closes.set(pair, { price8: row.close, time: closeTime });
    }
  }
  return closes;
}

function timeframeMs(timeframe: string): number {
  return isTimeframe(timeframe) ? timeframes[timeframe] : Number.POSITIVE_INFINITY;
}

/**
 * Strikes a valuation at `now` for each fund whose last one is `intervalMs` old or older, and that
 * has stepped and has fresh prices. Returns how many were struck.
 */
export async function valueFundsBetweenSteps(
  db: Database,
  exchange: string,
  now: number,
  intervalMs: number,
): Promise<number> {
  let struck = 0;
  for (const fund of await allFunds(db)) {
    if (fund.haltedReason !== null) continue;
    const checked = fundConfigOf(fund);
    if (!checked.ok) continue;
    const [stored] = await db.select().from(fundStates).where(eq(fundStates.fundId, fund.id));
    if (!stored) continue;
    const [last] = await db
      .select({ time: max(fundValuations.time) })
      .from(fundValuations)
      .where(eq(fundValuations.fundId, fund.id));
    const lastTime = last?.time ? new Date(last.time).getTime() : null;
    if (lastTime !== null && now - lastTime < intervalMs) continue;
    const state = loadedState(stored.state);
    const prices: Record<string, { price8: bigint; time: number }> = { ...state.prices };
    const pairs = strategyPairs(checked.config.strategy);
    for (const [pair, close] of await newestCloses(db, exchange, pairs, now)) {
      const coin = baseOf(pair);
      const known = prices[coin];
      if (known === undefined || close.time > known.time) prices[coin] = close;
    }
    const { valuation } = strikeValuation(
      // The requests waiting are priced by the next step, not here.
      { ...state.fund, pendingInvestments: [], pendingRedemptions: [] },
      prices as CoinPrices,
      now,
      checked.config.managementFeeBps,
      false,
      fund.id,
      pairsByCoin(checked.config.strategy),
    );
    const inserted = await db
      .insert(fundValuations)
      .values({
        fundId: fund.id,
        time: new Date(now),
        navCents: valuation.navCents,
        unitsOutstanding: valuation.unitsOutstanding,
        navPerUnit8: valuation.navPerUnit8,
      })
      .onConflictDoNothing()
      .returning({ fundId: fundValuations.fundId });
    struck += inserted.length;
  }
  return struck;
}
