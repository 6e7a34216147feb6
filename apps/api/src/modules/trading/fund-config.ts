import {
  type FieldError,
  type FundConfig,
  type MarketRules,
  strategyPairs,
  validateRiskLimits,
  validateStrategyConfig,
} from '@ledgerline/engine';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/database';
import { funds } from '../../db/schema';

export type FundRow = typeof funds.$inferSelect;

/**
 * The exchange's rules a fund trades under when the exchange has not told them (yet): whole 10⁻⁸
 * steps, no minimum but a cent. The scheduler replaces them with the exchange's own rules.
 */
export const looseMarketRules: MarketRules = {
  minQuantity: 1n,
  minNotionalCents: 1n,
  quantityStep: 1n,
  priceTick: 1n,
};

/** A stored fund as the engine's configuration, or every problem of its stored parameters. */
export function fundConfigOf(
  fund: FundRow,
  markets: Readonly<Record<string, MarketRules>> = {},
): { ok: true; config: FundConfig } | { ok: false; errors: FieldError[] } {
  const strategy = validateStrategyConfig(fund.strategy);
  const risk = validateRiskLimits(fund.risk);
  if (!strategy.ok || !risk.ok) {
    return {
      ok: false,
      errors: [...(strategy.ok ? [] : strategy.errors), ...(risk.ok ? [] : risk.errors)],
    };
  }
  const rules: Record<string, MarketRules> = {};
  for (const pair of strategyPairs(strategy.config)) rules[pair] = markets[pair] ?? looseMarketRules;
  return {
    ok: true,
    config: {
      id: fund.id,
      strategy: strategy.config,
      risk: risk.config,
      costs: fund.costs,
      managementFeeBps: fund.managementFeeBps,
      markets: rules,
    },
  };
}

/** The funds there are at first start: one of each strategy. */
const seededFunds: Array<typeof funds.$inferInsert> = [
  {
    slug: 'recurring-btc-eth',
    name: 'Recurring buy BTC/ETH 60/40',
    strategy: {
      kind: 'recurring-buy',
      timeframe: '1h',
      amountCents: 50_000,
      weights: { 'BTC/USDT': 60, 'ETH/USDT': 40 },
      schedule: { everyCandles: 24 },
    },
    risk: {
      maxAssetSharePct: 70,
      maxOpenPositions: 2,
      dailyLossLimitPct: null,
      maxDrawdownPct: 50,
      stopLossCooldown: null,
      maxDataAgeMs: 2 * 3_600_000,
      priceBandPct: 10,
    },
    costs: { takerFeeBps: 10, makerFeeBps: 10, slippageBps: 5 },
    managementFeeBps: 100,
    minimumInvestmentCents: 10_00,
    riskLevel: 'medium',
  },
  {
    slug: 'crypto-index',
    name: 'Crypto index',
    strategy: {
      kind: 'index',
      timeframe: '1h',
      weights: { 'BTC/USDT': 50, 'ETH/USDT': 30, 'SOL/USDT': 20 },
      rebalanceEveryCandles: 168,
      driftBandPct: 5,
      cashReservePct: 1,
    },
    risk: {
      maxAssetSharePct: 60,
      maxOpenPositions: 5,
      dailyLossLimitPct: null,
      maxDrawdownPct: 50,
      stopLossCooldown: null,
      maxDataAgeMs: 2 * 3_600_000,
      priceBandPct: 10,
    },
    costs: { takerFeeBps: 10, makerFeeBps: 10, slippageBps: 5 },
    managementFeeBps: 150,
    minimumInvestmentCents: 50_00,
    riskLevel: 'medium',
  },
  {
    slug: 'trend-btc',
    name: 'Trend follower BTC',
    strategy: {
      kind: 'trend',
      timeframe: '1h',
      pairs: ['BTC/USDT'],
      fastPeriod: 9,
      slowPeriod: 21,
      positionSizePct: 95,
      stopLossPct: 5,
      takeProfitPct: 20,
      trailingStopPct: 8,
      maxCandlesHeld: 168,
    },
    risk: {
      maxAssetSharePct: 100,
      maxOpenPositions: 1,
      dailyLossLimitPct: 10,
      maxDrawdownPct: 30,
      stopLossCooldown: { afterConsecutive: 3, candles: 24 },
      maxDataAgeMs: 2 * 3_600_000,
      priceBandPct: 10,
    },
    costs: { takerFeeBps: 10, makerFeeBps: 10, slippageBps: 5 },
    managementFeeBps: 150,
    minimumInvestmentCents: 50_00,
    riskLevel: 'high',
  },
];

/**
 * Makes the first funds, once: a fund whose slug exists is left as it is (an admin may have changed
 * it). Each one's parameters pass the engine's own validators first, so a bad seed stops the start.
 */
export async function seedFunds(db: Database | Tx): Promise<void> {
  for (const fund of seededFunds) {
    const checked = fundConfigOf({ ...fund, id: fund.slug } as FundRow);
    if (!checked.ok)
      throw new Error(`Fund ${fund.slug}: ${checked.errors.map((e) => `${e.field}: ${e.msg}`).join('; ')}`);
  }
  await db.insert(funds).values(seededFunds).onConflictDoNothing({ target: funds.slug });
}

/** Every fund, oldest first. */
export async function allFunds(db: Database | Tx): Promise<FundRow[]> {
  return db.select().from(funds).orderBy(funds.createdAt, funds.slug);
}

/** The fund with `id`, or null (an id that is not a UUID is no fund). */
export async function fundById(db: Database | Tx, id: string): Promise<FundRow | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const [row] = await db.select().from(funds).where(sql`${funds.id} = ${id}`);
  return row ?? null;
}
