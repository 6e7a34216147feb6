import type { components } from '@ledgerline/api-client/contract';
import {
  formatDecimal,
  strategyPairs,
  timeframes,
  unitScale,
  validateRiskLimits,
  validateStrategyConfig,
} from '@ledgerline/engine';
import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { riskEvents } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { Operations } from '../../http/operations';
import type { Services } from '../../services';
import { allFunds, type FundRow, fundById } from './fund-config';
import { fundSettingsOf } from './fund-settings';
import { fundDifferences, reconciliationHistory } from './reconcile';
import { tradingSwitchView } from './trading-switch';
import {
  type FundMark,
  fundHoldings,
  fundMarks,
  fundSummary,
  recentRiskEvents,
  riskEventView,
  usd,
} from './views';

type AdminFund = components['schemas']['AdminFund'];
type TradingAlert = components['schemas']['TradingAlert'];

/** A fraction kept to six decimals, as the contract's figures are read (0.012345 is 1.2345%). */
const fraction = (value: number) => Math.round(value * 1e6) / 1e6;

/** How far `nav` stands below `peak`, as a fraction; 0 at or above it. */
export function drawdownFrom(peak: bigint, nav: bigint): number {
  if (peak <= 0n || nav >= peak) return 0;
  return fraction(Number(peak - nav) / Number(peak));
}

/** An age in words, for an alert: "45 minutes", "3 hours", "2 days". */
export function ageInWords(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 120) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} hours`;
  return `${Math.floor(hours / 24)} days`;
}

/**
 * What an operator should look at now: prices too old to trade on (the fund's stale-data limit, two
 * candles when it has none), or a step that could not fetch them; the drawdown circuit breaker
 * tripped; the fund's books differing from its ledger accounts.
 */
export function fundAlerts(
  fund: FundRow,
  mark: FundMark | undefined,
  differences: readonly string[],
  now: number,
): TradingAlert[] {
  const alerts: TradingAlert[] = [];
  const strategy = validateStrategyConfig(fund.strategy);
  const risk = validateRiskLimits(fund.risk);
  if (fund.haltedReason) alerts.push({ kind: 'stale-data', message: fund.haltedReason });
  else if (strategy.ok && mark?.state) {
    const maxAge = (risk.ok ? risk.config.maxDataAgeMs : null) ?? 2 * timeframes[strategy.config.timeframe];
    for (const pair of strategyPairs(strategy.config)) {
      const coin = pair.split('/')[0] ?? pair;
      const price = mark.state.prices[coin];
      if (price && now - price.time > maxAge) {
        alerts.push({
          kind: 'stale-data',
          message: `The last price of ${coin} is ${ageInWords(now - price.time)} old, older than the ${ageInWords(maxAge)} allowed`,
        });
      }
    }
  }
  const breaker = mark?.state?.risk.paused;
  if (breaker) alerts.push({ kind: 'breaker', message: breaker.reason });
  for (const difference of differences) {
    alerts.push({ kind: 'reconciliation', message: `Books and ledger differ: ${difference}` });
  }
  return alerts;
}

/** A fund as the trading desk shows it, with its books reconciled with its ledger for this answer. */
async function adminFundView(
  db: Database,
  fund: FundRow,
  mark: FundMark | undefined,
  now: number,
): Promise<{ view: AdminFund; differences: string[] }> {
  const { holdings, unitsOutstanding, holders } = await fundHoldings(db, fund.id, mark);
  const differences = await fundDifferences(db, fund.id);
  const state = mark?.state ?? null;
  const navPerUnit8 = mark?.navPerUnit8 ?? null;
  const priceTimes = Object.values(state?.prices ?? {}).map((price) => price.time);
  const dayStart = state?.risk.dayStartNavPerUnit8 ?? 0n;
  const view: AdminFund = {
    fund: fundSummary(fund, mark),
    settings: fundSettingsOf(fund),
    paused: fund.paused,
    nav: usd(mark?.navCents ?? 0n),
    unitsOutstanding: formatDecimal(unitsOutstanding, unitScale),
    holders,
    exposure: holdings.filter((holding) => holding.asset !== 'USD'),
    drawdown: state && navPerUnit8 !== null ? drawdownFrom(state.fund.highWaterNavPerUnit8, navPerUnit8) : 0,
    todayReturn:
      mark?.valuedAt && navPerUnit8 !== null && dayStart > 0n
        ? fraction(Number(navPerUnit8 - dayStart) / Number(dayStart))
        : null,
    pricesAt: priceTimes.length > 0 ? new Date(Math.min(...priceTimes)).toISOString() : null,
    alerts: fundAlerts(fund, mark, differences, now),
  };
  return { view, differences };
}

/** A fund's own risk events, newest first. */
async function fundRiskEvents(db: Database, fundId: string, limit = 100) {
  const rows = await db
    .select()
    .from(riskEvents)
    .where(eq(riskEvents.fundId, fundId))
    .orderBy(desc(riskEvents.createdAt), desc(riskEvents.time), sql`${riskEvents.id} DESC`)
    .limit(limit);
  return rows.map(riskEventView);
}

/** The back office's trading desk: every fund at a glance, and one fund in full. */
export function adminDeskOperations({ db }: Services) {
  return {
    adminGetTrading: {
      async handler() {
        const rows = await allFunds(db);
        const marks = await fundMarks(
          db,
          rows.map((fund) => fund.id),
        );
        const now = Date.now();
        const items: AdminFund[] = [];
        for (const fund of rows) items.push((await adminFundView(db, fund, marks.get(fund.id), now)).view);
        return { trading: await tradingSwitchView(db), funds: items, riskEvents: await recentRiskEvents(db) };
      },
    },

    adminGetFund: {
      async handler(request) {
        const fund = await fundById(db, request.params.fundId);
        if (!fund) throw new HttpError(404, 'Not found');
        const marks = await fundMarks(db, [fund.id]);
        const checkedAt = new Date();
        const { view, differences } = await adminFundView(db, fund, marks.get(fund.id), checkedAt.getTime());
        return {
          fund: view,
          riskEvents: await fundRiskEvents(db, fund.id),
          reconciliation: { checkedAt: checkedAt.toISOString(), differences },
          reconciliations: await reconciliationHistory(db, fund.id),
        };
      },
    },
  } satisfies Operations;
}
