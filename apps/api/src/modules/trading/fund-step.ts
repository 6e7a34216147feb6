import {
  type Candle,
  type EngineState,
  initialEngineState,
  type MarketRules,
  requestInvestment,
  requestRedemption,
  type StepResult,
  step,
  strategyPairs,
  timeframes,
} from '@ledgerline/engine';
import { and, asc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { type Database, rowsOf, type Tx } from '../../db/database';
import {
  candles,
  fills,
  fundRequests,
  fundStates,
  fundValuations,
  orders,
  riskEvents,
} from '../../db/schema';
import { postFundMovements, setAsideInvestment, unitsHeld } from '../ledger/fund-postings';
import { loadedState, storedState } from './engine-state';
import { type FundRow, fundConfigOf } from './fund-config';
import { announceStep } from './fund-events';
import { tradingPaused } from './trading-switch';

/*
 * A fund's step, once per newly closed candle of its timeframe. The engine decides (strategy, risk
 * rules, fill model, NAV, units); this module reads its inputs from the database and writes
 * everything the step produced in ONE transaction: orders (client ids are unique, so a retry never
 * places one twice), fills, one ledger journal per fill, priced request and fee settlement, the
 * valuation, the risk events, the requests it priced, and the engine's new state, written only if
 * its version is still the one read (a second writer of the same step writes nothing).
 */

/** How many closed candles a fund with no state starts from: enough to warm its indicators up. */
export const warmUpCandles = 60;

export type StepOptions = {
  /** The clock, ms: which candles have closed, and how old a price may be (the stale-data rule). */
  now: number;
  /** The exchange whose candles the funds trade on (`TRADING_EXCHANGE`). */
  exchange: string;
  /** The exchange's rules per pair, when known. */
  markets?: Readonly<Record<string, MarketRules>>;
};

export type StepReport = { steps: number; orders: number; fills: number; skipped?: string };

type StateRow = { state: EngineState; lastCloseTime: number | null; version: number };

async function loadState(db: Database | Tx, fund: FundRow): Promise<StateRow | null> {
  const [row] = await db.select().from(fundStates).where(eq(fundStates.fundId, fund.id));
  if (!row) return null;
  return {
    state: loadedState(row.state),
    lastCloseTime: row.lastCloseTime?.getTime() ?? null,
    version: row.version,
  };
}

/** The closed candles the fund has not stepped on, grouped by open time, oldest first; complete groups only. */
async function unsteppedCandles(
  db: Database,
  pairs: readonly string[],
  timeframe: keyof typeof timeframes,
  from: number,
  options: StepOptions,
): Promise<Array<Record<string, Candle>>> {
  const length = timeframes[timeframe];
  const rows = await db
    .select()
    .from(candles)
    .where(
      and(
        eq(candles.exchange, options.exchange),
        eq(candles.timeframe, timeframe),
        inArray(candles.pair, [...pairs]),
        gte(candles.openTime, new Date(from)),
        lt(candles.openTime, new Date(options.now - length + 1)),
      ),
    )
    .orderBy(asc(candles.openTime));
  const groups = new Map<number, Record<string, Candle>>();
  for (const row of rows) {
    const time = row.openTime.getTime();
    const group = groups.get(time) ?? {};
    group[row.pair] = {
      time,
      open: row.open,
      high: row.high,
      low: row.low,
      close: row.close,
      volume: row.volume,
    };
    groups.set(time, group);
  }
  return [...groups.values()].filter((group) => pairs.every((pair) => group[pair] !== undefined));
}

/**
 * Runs every step of `fund` for the candles that closed since its last one, each in its own
 * transaction, so a crash loses at most the step in flight, which the next run makes again.
 */
export async function runFundSteps(db: Database, fund: FundRow, options: StepOptions): Promise<StepReport> {
  const checked = fundConfigOf(fund, options.markets);
  if (!checked.ok) return { steps: 0, orders: 0, fills: 0, skipped: 'its parameters are invalid' };
  const { config } = checked;
  const timeframe = config.strategy.timeframe;
  const length = timeframes[timeframe];
  const stored = await loadState(db, fund);
  const from = stored?.lastCloseTime ?? options.now - warmUpCandles * length;
  const groups = await unsteppedCandles(db, strategyPairs(config.strategy), timeframe, from, options);
  const report: StepReport = { steps: 0, orders: 0, fills: 0 };
  for (const group of groups) {
    let done: StepResult | null;
    try {
      done = await db.transaction((tx) => stepOnce(tx, fund, group, options));
    } catch (error) {
      if (error instanceof StepRaced) break;
      throw error;
    }
    if (done === null) break;
    // Announced once the step has committed, never from inside its transaction.
    await announceStep(db, fund, done);
    report.steps++;
    report.orders += done.orders.length;
    report.fills += done.fills.length;
  }
  return report;
}

/** The requests made before `closeTime` that the state does not hold yet, queued for this valuation. */
async function withNewRequests(
  tx: Tx,
  fund: FundRow,
  state: EngineState,
  closeTime: number,
): Promise<EngineState> {
  const known = new Set([
    ...state.fund.pendingInvestments.map((request) => request.id),
    ...state.fund.pendingRedemptions.map((request) => request.id),
  ]);
  const pending = await tx
    .select()
    .from(fundRequests)
    .where(
      and(
        eq(fundRequests.fundId, fund.id),
        eq(fundRequests.status, 'pending'),
        lt(fundRequests.createdAt, new Date(closeTime)),
        // A first investment in its cooling-off period waits for the first close after it.
        or(isNull(fundRequests.confirmsAt), lt(fundRequests.confirmsAt, new Date(closeTime))),
      ),
    )
    .orderBy(asc(fundRequests.createdAt), asc(fundRequests.id));
  let next = state;
  for (const request of pending) {
    if (known.has(request.id)) continue;
    const requestedAt = request.createdAt.getTime();
    if (request.kind === 'investment') {
      next = requestInvestment(next, {
        id: request.id,
        investorId: request.userId,
        amountCents: BigInt(request.amountCents ?? 0),
        requestedAt,
      });
      continue;
    }
    const heldUnits = await unitsHeld(tx, request.userId, fund.id);
    next = requestRedemption(next, {
      id: request.id,
      investorId: request.userId,
      requestedAt,
      request: request.all
        ? { kind: 'all', heldUnits }
        : request.units !== null
          ? { kind: 'units', units: request.units, heldUnits }
          : { kind: 'amount', amountCents: BigInt(request.amountCents ?? 0), heldUnits },
    });
  }
  return next;
}

/**
 * One step on one closed candle, in the caller's transaction. Null when another instance holds the
 * fund (its advisory lock) or has stepped it since it was read.
 */
async function stepOnce(
  tx: Tx,
  fund: FundRow,
  group: Record<string, Candle>,
  options: StepOptions,
): Promise<StepResult | null> {
  // One instance steps a fund at a time: the lock is the transaction's, released at its end.
  const [lock] = rowsOf<{ locked: boolean }>(
    await tx.execute(
      sql`SELECT pg_try_advisory_xact_lock(hashtextextended(${`fund-step:${fund.id}`}, 0)) AS locked`,
    ),
  );
  if (lock?.locked === false) return null;

  const checked = fundConfigOf(fund, options.markets);
  if (!checked.ok) return null;
  const { config } = checked;
  const length = timeframes[config.strategy.timeframe];
  const stored = await loadState(tx, fund);
  const openTime = Math.max(...Object.values(group).map((candle) => candle.time));
  const closeTime = openTime + length;
  if (stored !== null && stored.lastCloseTime !== null && closeTime <= stored.lastCloseTime) return null;
  const before = await withNewRequests(tx, fund, stored?.state ?? initialEngineState(config), closeTime);
  const result = step({
    config,
    state: before,
    candles: group,
    now: options.now,
    killSwitches: { fund: fund.paused, global: await tradingPaused(tx) },
  });

  // The fund's new state first: if another writer moved it, nothing below is written.
  const saved = stored
    ? await tx
        .update(fundStates)
        .set({
          state: storedState(result.state),
          lastCloseTime: new Date(closeTime),
          version: stored.version + 1,
          updatedAt: new Date(),
        })
        .where(and(eq(fundStates.fundId, fund.id), eq(fundStates.version, stored.version)))
        .returning({ version: fundStates.version })
    : await tx
        .insert(fundStates)
        .values({
          fundId: fund.id,
          state: storedState(result.state),
          lastCloseTime: new Date(closeTime),
          version: 1,
        })
        .onConflictDoNothing()
        .returning({ version: fundStates.version });
  if (saved.length === 0) {
    // Another instance stepped the fund since it was read: roll back, and read again next time.
    throw new StepRaced(fund.id);
  }

  if (result.orders.length > 0) {
    await tx
      .insert(orders)
      .values(
        result.orders.map((order) => ({
          clientId: order.clientId,
          fundId: fund.id,
          pair: order.pair,
          side: order.side,
          type: order.type,
          quantity: order.quantity,
          limitPrice: order.limitPrice8,
          reason: order.reason,
          // Paper trading: the order is with the paper exchange (the engine's open orders) at once.
          state: 'sent' as const,
        })),
      )
      .onConflictDoNothing();
  }
  if (result.fills.length > 0) {
    await tx.insert(fills).values(
      result.fills.map((fill) => ({
        orderClientId: fill.clientId,
        fundId: fund.id,
        pair: fill.pair,
        side: fill.side,
        quantity: fill.quantity,
        price8: fill.price8,
        notionalCents: fill.notionalCents,
        feeCents: fill.feeCents,
        reason: fill.reason,
        time: new Date(fill.time),
      })),
    );
    await tx
      .update(orders)
      .set({ state: 'filled', updatedAt: new Date() })
      .where(
        inArray(
          orders.clientId,
          result.fills.map((fill) => fill.clientId),
        ),
      );
  }
  const cancelled = result.riskEvents
    .filter((event) => event.action === 'cancelled' && typeof event.detail.clientId === 'string')
    .map((event) => String(event.detail.clientId));
  if (cancelled.length > 0) {
    await tx
      .update(orders)
      .set({ state: 'cancelled', updatedAt: new Date() })
      .where(inArray(orders.clientId, cancelled));
  }

  await postFundMovements(tx, fund.id, result.movements);

  const { valuation } = result;
  await tx
    .insert(fundValuations)
    .values({
      fundId: fund.id,
      time: new Date(valuation.time),
      navCents: valuation.navCents,
      unitsOutstanding: valuation.unitsOutstanding,
      navPerUnit8: valuation.navPerUnit8,
    })
    .onConflictDoNothing();

  if (result.riskEvents.length > 0) {
    await tx.insert(riskEvents).values(
      result.riskEvents.map((event) => ({
        fundId: fund.id,
        time: new Date(event.time),
        rule: event.rule,
        action: event.action,
        reason: event.reason,
        detail: Object.fromEntries(
          Object.entries(event.detail).map(([key, value]) => [
            key,
            typeof value === 'bigint' ? value.toString() : value,
          ]),
        ),
      })),
    );
  }

  const pricedAt = new Date(valuation.time);
  for (const issue of result.issued) {
    await tx
      .update(fundRequests)
      .set({
        status: 'priced',
        pricedUnits: issue.units,
        pricedAmountCents: Number(issue.amountCents),
        navPerUnit8: valuation.navPerUnit8,
        pricedAt,
      })
      .where(and(eq(fundRequests.id, issue.id), eq(fundRequests.status, 'pending')));
  }
  for (const redemption of result.redeemed) {
    await tx
      .update(fundRequests)
      .set({
        status: 'priced',
        pricedUnits: redemption.units,
        pricedAmountCents: Number(redemption.payoutCents),
        navPerUnit8: valuation.navPerUnit8,
        pricedAt,
      })
      .where(and(eq(fundRequests.id, redemption.id), eq(fundRequests.status, 'pending')));
  }
  for (const refusal of result.refused) {
    const [request] = await tx
      .update(fundRequests)
      .set({ status: 'cancelled', reason: refusal.reason, pricedAt })
      .where(and(eq(fundRequests.id, refusal.id), eq(fundRequests.status, 'pending')))
      .returning();
    // A refused investment's money goes back to the investor's available balance.
    if (request?.kind === 'investment' && request.amountCents !== null) {
      await setAsideInvestment(tx, {
        userId: request.userId,
        fundId: fund.id,
        requestId: request.id,
        amountCents: request.amountCents,
        refund: true,
      });
    }
  }
  return result;
}

/** Another writer stepped the fund between the read and the write. */
export class StepRaced extends Error {
  constructor(fundId: string) {
    super(`Fund ${fundId} was stepped by another writer`);
  }
}
