import type { components } from '@ledgerline/api-client/contract';
import {
  type Fill,
  formatDecimal,
  priceScale,
  quantityScale,
  type StepResult,
  unitScale,
} from '@ledgerline/engine';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { fundRequests } from '../../db/schema';
import { adminsAudience, type LiveEvent, raiseEvent, raiseEventCte } from '../events/live-events';
import { fundHoldersSql } from '../ledger/fund-postings';
import type { FundRow } from './fund-config';
import { usd } from './views';

type FundFill = components['schemas']['FundFill'];

/*
 * The live events of trading. They are raised after the step that made them has committed, never in
 * its transaction: a step's transaction stays as short as its writes, and nothing is announced that
 * could still roll back. A step that commits and then fails to announce is not stepped again (its
 * state moved on); its screens catch up at the next valuation's event.
 */

/** A fill as the contract shows it. */
export function fillView(fill: Fill): FundFill {
  return {
    clientId: fill.clientId,
    pair: fill.pair,
    side: fill.side,
    quantity: formatDecimal(fill.quantity, quantityScale),
    price: formatDecimal(fill.price8, priceScale),
    notional: usd(fill.notionalCents),
    fee: usd(fill.feeCents),
    reason: fill.reason,
    time: new Date(fill.time).toISOString(),
  };
}

/** Raises `event` for every user who holds units of the fund now, in one statement. */
async function raiseForHolders(db: Database, fundId: string, event: LiveEvent): Promise<void> {
  await db.execute(
    sql`WITH ${raiseEventCte(
      'raised',
      { recipient: sql`holder.user_id`, event: sql`${JSON.stringify(event)}::jsonb` },
      sql`FROM (${fundHoldersSql(fundId)}) AS holder`,
    )} SELECT 1`,
  );
}

/**
 * A fund stopped trading: its holders and every admin are told why (`reason`, its status reason).
 * Raised when its drawdown circuit breaker trips, when its prices go missing or stale, and by
 * whatever pauses it by hand, once that has committed.
 */
export async function announceFundPaused(db: Database, fund: FundRow, reason: string): Promise<void> {
  const event: LiveEvent = { type: 'fund.paused', fundId: fund.id, fundName: fund.name, reason };
  await raiseEvent(db, adminsAudience, event);
  await raiseForHolders(db, fund.id, event);
}

/**
 * What a committed step tells: every admin each fill, and the holders that the fund changed; the
 * holders the valuation's NAV per unit; each investor whose request the valuation priced or refused,
 * as it was stored; and, when the drawdown circuit breaker tripped, that the fund is paused.
 */
export async function announceStep(db: Database, fund: FundRow, result: StepResult): Promise<void> {
  for (const fill of result.fills) {
    await raiseEvent(db, adminsAudience, {
      type: 'fund.filled',
      fundId: fund.id,
      fundName: fund.name,
      fill: fillView(fill),
    });
  }
  if (result.fills.length > 0) await raiseForHolders(db, fund.id, { type: 'fund.changed', fundId: fund.id });
  await raiseForHolders(db, fund.id, {
    type: 'fund.valued',
    fundId: fund.id,
    fundName: fund.name,
    time: new Date(result.valuation.time).toISOString(),
    navPerUnit: formatDecimal(result.valuation.navPerUnit8, priceScale),
  });

  const requestIds = [...result.issued, ...result.redeemed, ...result.refused].map((request) => request.id);
  if (requestIds.length > 0) {
    const requests = await db.select().from(fundRequests).where(inArray(fundRequests.id, requestIds));
    for (const request of requests) {
      if (request.status === 'pending') continue;
      const priced = request.status === 'priced';
      await raiseEvent(db, request.userId, {
        type: 'fund.request_priced',
        requestId: request.id,
        fundId: fund.id,
        fundName: fund.name,
        kind: request.kind,
        status: request.status,
        units: priced && request.pricedUnits !== null ? formatDecimal(request.pricedUnits, unitScale) : null,
        amount: priced && request.pricedAmountCents !== null ? usd(request.pricedAmountCents) : null,
        navPerUnit:
          priced && request.navPerUnit8 !== null ? formatDecimal(request.navPerUnit8, priceScale) : null,
        reason: priced ? null : request.reason,
      });
    }
  }

  const tripped = result.riskEvents.find((event) => event.action === 'paused');
  if (tripped) await announceFundPaused(db, fund, tripped.reason);
}
