import type { components } from '@ledgerline/api-client/contract';
import { formatDecimal, maxDrawdown, priceScale } from '@ledgerline/engine';
import { inArray, sql } from 'drizzle-orm';
import { type Database, rowsOf, type Tx } from '../../db/database';
import { fundValuations } from '../../db/schema';

type FundReturns = components['schemas']['FundReturns'];
type DailyNavPoint = components['schemas']['DailyNavPoint'];

/*
 * A fund's past performance, from its valuations: its daily NAV (each UTC day's last valuation), the
 * returns over 1 month, 3 months and 1 year, and its drawdowns. These are ratios describing the past,
 * computed in floating point from exact NAVs per unit, and rounded to six decimals.
 */

/** One UTC day's last NAV per unit. */
export type DailyNav = { date: string; navPerUnit8: bigint };

export type FundPerformance = { returns: FundReturns; maxDrawdown: number };

/** The periods of the returns, in days. */
const returnPeriods = { oneMonth: 30, threeMonths: 91, oneYear: 365 } as const;

const dayMs = 86_400_000;

const rounded = (ratio: number) => Math.round(ratio * 1e6) / 1e6;

/** The day `days` before `date` (both `YYYY-MM-DD`, UTC). */
function daysBefore(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) - days * dayMs).toISOString().slice(0, 10);
}

/**
 * The NAV per unit's change over each period, as a fraction: the last daily NAV against the daily NAV
 * of the day that many days before it (or the last one before that day, when it had no valuation);
 * null when the fund was first valued after that day, since it has not existed that long.
 */
export function fundReturns(daily: readonly DailyNav[]): FundReturns {
  const last = daily[daily.length - 1];
  const returnOver = (days: number): number | null => {
    if (!last) return null;
    const target = daysBefore(last.date, days);
    let reference: DailyNav | undefined;
    for (const point of daily) {
      if (point.date > target) break;
      reference = point;
    }
    if (!reference || reference.navPerUnit8 <= 0n) return null;
    return rounded(Number(last.navPerUnit8) / Number(reference.navPerUnit8) - 1);
  };
  return {
    oneMonth: returnOver(returnPeriods.oneMonth),
    threeMonths: returnOver(returnPeriods.threeMonths),
    oneYear: returnOver(returnPeriods.oneYear),
  };
}

/** Each day's fall below the highest daily NAV per unit so far, as a fraction of that highest. */
export function drawdownSeries(daily: readonly DailyNav[]): DailyNavPoint[] {
  let peak = 0n;
  return daily.map((point) => {
    if (point.navPerUnit8 > peak) peak = point.navPerUnit8;
    const fall = peak > 0n ? Number(peak - point.navPerUnit8) / Number(peak) : 0;
    return {
      date: point.date,
      navPerUnit: formatDecimal(point.navPerUnit8, priceScale),
      drawdown: rounded(fall),
    };
  });
}

/** The returns and the largest drawdown of a daily NAV series. */
export function fundPerformance(daily: readonly DailyNav[]): FundPerformance {
  return {
    returns: fundReturns(daily),
    maxDrawdown: rounded(maxDrawdown(daily.map((point) => Number(point.navPerUnit8)))),
  };
}

/** The daily NAV of each fund in `fundIds`, oldest first: one point per UTC day with a valuation. */
export async function dailyNavs(
  db: Database | Tx,
  fundIds: readonly string[],
): Promise<Map<string, DailyNav[]>> {
  const series = new Map<string, DailyNav[]>(fundIds.map((id) => [id, []]));
  if (fundIds.length === 0) return series;
  const day = sql`((${fundValuations.time} AT TIME ZONE 'UTC')::date)`;
  const rows = rowsOf<{ fund_id: string; day: string; nav_per_unit8: string | number }>(
    await db.execute(sql`SELECT DISTINCT ON (${fundValuations.fundId}, ${day})
        ${fundValuations.fundId} AS fund_id, ${day}::text AS day, ${fundValuations.navPerUnit8}::text AS nav_per_unit8
      FROM ${fundValuations}
      WHERE ${inArray(fundValuations.fundId, [...fundIds])}
      ORDER BY ${fundValuations.fundId}, ${day}, ${fundValuations.time} DESC`),
  );
  for (const row of rows) {
    series.get(row.fund_id)?.push({ date: row.day, navPerUnit8: BigInt(row.nav_per_unit8) });
  }
  return series;
}
