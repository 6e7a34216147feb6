import type { components } from '@ledgerline/api-client/contract';
import {
  type EngineState,
  formatDecimal,
  initialNavPerUnit8,
  mulDiv,
  notionalCents,
  priceScale,
  quantityScale,
  strategyPairs,
  timeframes,
  unitScale,
  usdScale,
  validateStrategyConfig,
} from '@ledgerline/engine';
import { centsToUsdNumber } from '@ledgerline/rules/usd';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/database';
import { fills, fundRequests, fundStates, fundValuations, riskEvents } from '../../db/schema';
import { fundLedger } from '../ledger/fund-postings';
import { loadedState } from './engine-state';
import type { FundRow } from './fund-config';
import { dailyNavs, type FundPerformance, fundPerformance } from './performance';

type FundSummary = components['schemas']['FundSummary'];
type FundHolding = components['schemas']['FundHolding'];
type FundRequestView = components['schemas']['FundRequest'];
type RiskEventView = components['schemas']['RiskEventView'];

/** Cents held as a bigint, as the contract's dollars. */
export function usd(cents: bigint | number): number {
  return centsToUsdNumber(Number(cents));
}

/** A fund's last valuation and its engine state, as far as the views need them. */
export type FundMark = {
  navCents: bigint;
  unitsOutstanding: bigint;
  navPerUnit8: bigint;
  valuedAt: Date | null;
  state: EngineState | null;
  /** Its returns and largest drawdown, from its daily NAV; null when not asked for. */
  performance: FundPerformance | null;
};

/** Performance that no valuation has measured yet. */
const unmeasured: FundPerformance = {
  returns: { oneMonth: null, threeMonths: null, oneYear: null },
  maxDrawdown: 0,
};

/**
 * The last valuation and the state of each fund in `fundIds`, and its performance unless
 * `performance` is false (a request that only needs the fund's status and price skips reading its
 * history).
 */
export async function fundMarks(
  db: Database | Tx,
  fundIds: readonly string[],
  { performance = true }: { performance?: boolean } = {},
): Promise<Map<string, FundMark>> {
  const marks = new Map<string, FundMark>();
  if (fundIds.length === 0) return marks;
  const daily = performance ? await dailyNavs(db, fundIds) : null;
  const states = await db
    .select()
    .from(fundStates)
    .where(inArray(fundStates.fundId, [...fundIds]));
  const latest = await db
    .selectDistinctOn([fundValuations.fundId])
    .from(fundValuations)
    .where(inArray(fundValuations.fundId, [...fundIds]))
    .orderBy(fundValuations.fundId, desc(fundValuations.time));
  for (const id of fundIds) {
    const valuation = latest.find((row) => row.fundId === id);
    const state = states.find((row) => row.fundId === id);
    marks.set(id, {
      navCents: valuation?.navCents ?? 0n,
      unitsOutstanding: valuation?.unitsOutstanding ?? 0n,
      navPerUnit8: valuation?.navPerUnit8 ?? initialNavPerUnit8,
      valuedAt: valuation?.time ?? null,
      state: state ? loadedState(state.state) : null,
      performance: daily ? fundPerformance(daily.get(id) ?? []) : null,
    });
  }
  return marks;
}

/**
 * Whether a fund trades, and why not: an admin paused it (its kill switch), its drawdown circuit
 * breaker paused it (until a person resumes it), or it has no fresh prices from the exchange.
 */
export function fundStatus(
  fund: FundRow,
  mark: FundMark | undefined,
): { status: 'trading' | 'paused'; reason: string | null } {
  if (fund.paused) {
    return {
      status: 'paused',
      reason: `Paused by an admin${fund.pausedReason ? `: ${fund.pausedReason}` : ''}`,
    };
  }
  const breaker = mark?.state?.risk.paused;
  if (breaker) return { status: 'paused', reason: breaker.reason };
  if (fund.haltedReason) return { status: 'paused', reason: fund.haltedReason };
  return { status: 'trading', reason: null };
}

/** A fund as listed. */
export function fundSummary(fund: FundRow, mark: FundMark | undefined): FundSummary {
  const strategy = validateStrategyConfig(fund.strategy);
  const { status, reason } = fundStatus(fund, mark);
  return {
    _id: fund.id,
    name: fund.name,
    strategy: strategy.ok ? strategy.config.kind : 'trend',
    timeframe: strategy.ok ? strategy.config.timeframe : '1h',
    pairs: strategy.ok ? strategyPairs(strategy.config) : [],
    navPerUnit: formatDecimal(mark?.navPerUnit8 ?? initialNavPerUnit8, priceScale),
    valuedAt: mark?.valuedAt?.toISOString() ?? null,
    status,
    statusReason: reason,
    minimumInvestment: usd(fund.minimumInvestmentCents),
    fees: {
      managementPctPerYear: fund.managementFeeBps / 100,
      takerFeeBps: fund.costs.takerFeeBps,
      makerFeeBps: fund.costs.makerFeeBps,
      slippageBps: fund.costs.slippageBps,
    },
    riskLevel: fund.riskLevel === 'low' || fund.riskLevel === 'high' ? fund.riskLevel : 'medium',
    returns: (mark?.performance ?? unmeasured).returns,
    maxDrawdown: (mark?.performance ?? unmeasured).maxDrawdown,
  };
}

/** The close of the candle after `now`: when a request made now is priced. */
export function nextValuationTime(fund: FundRow, now: number): Date {
  const strategy = validateStrategyConfig(fund.strategy);
  const length = timeframes[strategy.ok ? strategy.config.timeframe : '1h'];
  return new Date((Math.floor(now / length) + 1) * length);
}

/** What a fund holds, from its ledger accounts, valued at its last prices (rounded down). */
export async function fundHoldings(
  db: Database | Tx,
  fundId: string,
  mark: FundMark | undefined,
): Promise<{ holdings: FundHolding[]; unitsOutstanding: bigint; holders: number }> {
  const ledger = await fundLedger(db, fundId);
  const holdings: FundHolding[] = [];
  const cash = ledger.balances.get('fund_cash/USD') ?? 0n;
  holdings.push({ asset: 'USD', quantity: formatDecimal(cash, usdScale), price: null, value: usd(cash) });
  for (const [key, quantity] of [...ledger.balances].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!key.startsWith('fund_coin/') || quantity === 0n) continue;
    const coin = key.slice('fund_coin/'.length);
    const price = mark?.state?.prices[coin]?.price8 ?? null;
    holdings.push({
      asset: coin,
      quantity: formatDecimal(quantity, quantityScale),
      price: price === null ? null : formatDecimal(price, priceScale),
      value: price === null ? 0 : usd(notionalCents(quantity, price, 'floor')),
    });
  }
  const outstanding = -(ledger.balances.get(`fund_units_outstanding/units:${fundId}`) ?? 0n);
  return { holdings, unitsOutstanding: outstanding, holders: ledger.holders };
}

/** Units × NAV per unit in cents, rounded down: a holding's value. */
export function holdingValueCents(units: bigint, navPerUnit8: bigint): bigint {
  return mulDiv(units, navPerUnit8, 10n ** BigInt(unitScale + priceScale - usdScale), 'floor');
}

/** The fund's most recent fills, newest first. */
export async function recentFills(db: Database | Tx, fundId: string, limit = 50) {
  const rows = await db
    .select()
    .from(fills)
    .where(eq(fills.fundId, fundId))
    .orderBy(desc(fills.time), desc(fills.orderClientId))
    .limit(limit);
  return rows.map((fill) => ({
    clientId: fill.orderClientId,
    pair: fill.pair,
    side: fill.side === 'sell' ? ('sell' as const) : ('buy' as const),
    quantity: formatDecimal(fill.quantity, quantityScale),
    price: formatDecimal(fill.price8, priceScale),
    notional: usd(fill.notionalCents),
    fee: usd(fill.feeCents),
    reason: fill.reason,
    time: fill.time.toISOString(),
  }));
}

/** The fund's NAV per valuation, oldest first (the last `limit`). */
export async function navHistory(db: Database | Tx, fundId: string, limit = 500) {
  const rows = await db
    .select()
    .from(fundValuations)
    .where(eq(fundValuations.fundId, fundId))
    .orderBy(desc(fundValuations.time))
    .limit(limit);
  return rows.reverse().map((row) => ({
    time: row.time.toISOString(),
    navPerUnit: formatDecimal(row.navPerUnit8, priceScale),
    nav: usd(row.navCents),
  }));
}

type FundRequestRow = typeof fundRequests.$inferSelect;

/** A request as the contract answers it. */
export function fundRequestView(request: FundRequestRow, fund: FundRow): FundRequestView {
  return {
    _id: request.id,
    fundId: fund.id,
    fundName: fund.name,
    kind: request.kind,
    status: request.status,
    amount: request.amountCents === null ? null : usd(request.amountCents),
    units: request.units === null ? null : formatDecimal(request.units, unitScale),
    all: request.all,
    requestedAt: request.createdAt.toISOString(),
    pricedAfter: nextValuationTime(
      fund,
      Math.max(request.createdAt.getTime(), request.confirmsAt?.getTime() ?? 0),
    ).toISOString(),
    pricedAt: request.pricedAt?.toISOString() ?? null,
    pricedUnits: request.pricedUnits === null ? null : formatDecimal(request.pricedUnits, unitScale),
    pricedAmount: request.pricedAmountCents === null ? null : usd(request.pricedAmountCents),
    navPerUnit: request.navPerUnit8 === null ? null : formatDecimal(request.navPerUnit8, priceScale),
    reason: request.reason,
    coolingOffUntil: request.confirmsAt?.toISOString() ?? null,
  };
}

/** A user's requests still waiting for a valuation, oldest first. */
export async function pendingRequests(db: Database | Tx, userId: string) {
  return db
    .select()
    .from(fundRequests)
    .where(and(eq(fundRequests.userId, userId), eq(fundRequests.status, 'pending')))
    .orderBy(fundRequests.createdAt, fundRequests.id);
}

/** The most recent risk events of every fund, newest first. */
export async function recentRiskEvents(db: Database | Tx, limit = 50): Promise<RiskEventView[]> {
  const rows = await db
    .select()
    .from(riskEvents)
    .orderBy(desc(riskEvents.createdAt), desc(riskEvents.time), sql`${riskEvents.id} DESC`)
    .limit(limit);
  return rows.map(riskEventView);
}

/** A risk event as the contract shows it. */
export function riskEventView(event: typeof riskEvents.$inferSelect): RiskEventView {
  return {
    _id: event.id,
    fundId: event.fundId,
    time: event.time.toISOString(),
    rule: event.rule,
    action: event.action,
    reason: event.reason,
  };
}
