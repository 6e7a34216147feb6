import type { components } from '@ledgerline/api-client';
import { type ChartPoint, formatNavPerUnit, formatSignedPercent } from '@ledgerline/ui/funds';
import { formatDay } from '../../../shared/formatDate';

type NavPoint = components['schemas']['NavPoint'];

// Figures a fund's screens compute from what the contract sends. Money stays in integer cents and
// NAV per unit in integer hundred-millionths (its eight decimals), so no estimate shown before an
// order differs from the server's arithmetic by a floating-point error.

/** "1.04210000" as hundred-millionths of a dollar (104210000n); null when it is not that shape. */
export function navPerUnitScaled(navPerUnit: string): bigint | null {
  const match = /^(\d+)\.(\d{8})$/.exec(navPerUnit);
  return match ? BigInt(`${match[1]}${match[2]}`) : null;
}

/** Millionths of a unit as the contract writes units: 239900201n → "239.900201". */
export function unitsText(microUnits: bigint): string {
  const text = microUnits.toString().padStart(7, '0');
  return `${text.slice(0, -6)}.${text.slice(-6)}`;
}

/** "250.5" units (at most six decimals) as millionths; null when it is not such a number. */
export function microUnitsOf(text: string): bigint | null {
  const match = /^(\d{1,12})(?:\.(\d{1,6}))?$/.exec(text.trim());
  if (!match) return null;
  return BigInt(`${match[1]}${(match[2] ?? '').padEnd(6, '0')}`);
}

/**
 * The units an amount buys at a NAV per unit, rounded down to the millionth: units = amount ÷ NAV per
 * unit. Null when the NAV per unit is zero or unreadable.
 */
export function unitsForCents(cents: number, navPerUnit: string): bigint | null {
  const nav = navPerUnitScaled(navPerUnit);
  if (nav === null || nav === 0n) return null;
  // (cents / 100) / (nav / 1e8) units, in millionths: cents × 1e12 / nav.
  return (BigInt(cents) * 1_000_000_000_000n) / nav;
}

/** What units are worth at a NAV per unit, in cents rounded down (as a redemption is paid). */
export function centsForUnits(microUnits: bigint, navPerUnit: string): number | null {
  const nav = navPerUnitScaled(navPerUnit);
  if (nav === null) return null;
  return Number((microUnits * nav) / 1_000_000_000_000n);
}

/** The NAV history as chart points: the NAV per unit of each valuation, oldest first. */
export function navPoints(history: readonly NavPoint[]): ChartPoint[] {
  return history.map((point) => ({ time: point.time, value: Number(point.navPerUnit) }));
}

/**
 * The drawdown at each valuation: how far the NAV per unit stands below the highest it had reached
 * so far, in percent (0 at a new high, −12.5 for a fall of an eighth).
 */
export function drawdownPoints(points: readonly ChartPoint[]): ChartPoint[] {
  let peak = 0;
  return points.map((point) => {
    peak = Math.max(peak, point.value);
    const fall = peak > 0 ? ((point.value - peak) / peak) * 100 : 0;
    return { time: point.time, value: Math.round(fall * 100) / 100 };
  });
}

/** The largest fall from a peak over the history, as a positive percent; null before any valuation. */
export function maxDrawdownPercent(history: readonly NavPoint[]): number | null {
  if (history.length === 0) return null;
  const deepest = Math.min(0, ...drawdownPoints(navPoints(history)).map((point) => point.value));
  return Math.abs(deepest);
}

/** The periods the NAV chart offers, each as how far back it reaches from the last valuation. */
export const chartPeriods = [
  { id: '1w', name: '1 week', days: 7 },
  { id: '1m', name: '1 month', days: 30 },
  { id: '3m', name: '3 months', days: 91 },
  { id: '1y', name: '1 year', days: 365 },
  { id: 'all', name: 'All time', days: null },
] as const;
export type ChartPeriod = (typeof chartPeriods)[number]['id'];

/** The points within a period before the last one (all of them for `all`). */
export function pointsInPeriod(points: readonly ChartPoint[], period: ChartPeriod): ChartPoint[] {
  const days = chartPeriods.find((candidate) => candidate.id === period)?.days ?? null;
  const last = points.at(-1);
  if (days === null || !last) return [...points];
  const from = Date.parse(last.time) - days * 86_400_000;
  return points.filter((point) => Date.parse(point.time) >= from);
}

const navText = (value: number) => formatNavPerUnit(value.toFixed(4));

/** The NAV chart in words: where it started and ended over the points shown, and the change. */
export function navSummary(points: readonly ChartPoint[]): string {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return 'The fund has not been valued yet.';
  const change = first.value > 0 ? ((last.value - first.value) / first.value) * 100 : 0;
  return `From ${navText(first.value)} on ${formatDay(first.time)} to ${navText(last.value)} on ${formatDay(last.time)}: ${formatSignedPercent(change)}.`;
}

/** The drawdown chart in words: its deepest point and when. */
export function drawdownSummary(points: readonly ChartPoint[]): string {
  if (points.length === 0) return 'The fund has not been valued yet.';
  const deepest = points.reduce((low, point) => (point.value < low.value ? point : low));
  return deepest.value < 0
    ? `The largest fall from a peak was ${formatSignedPercent(deepest.value)}, on ${formatDay(deepest.time)}. Now ${formatSignedPercent(points.at(-1)?.value ?? 0)} from the peak.`
    : 'The NAV per unit has not fallen below a previous peak.';
}

const clock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** "14:05": the time of a valuation, in the investor's own time zone. */
export function valuationClock(iso: string): string {
  return clock.format(new Date(iso));
}

/** "at the next valuation, about 14:05": when a request is priced, in the investor's own time. */
export function pricedAfterText(pricedAfter: string): string {
  return `at the next valuation, about ${valuationClock(pricedAfter)}`;
}

const timeframeWords: Record<string, string> = {
  '1m': 'within the minute',
  '5m': 'within 5 minutes',
  '15m': 'within 15 minutes',
  '1h': 'within the hour',
  '4h': 'within 4 hours',
  '1d': 'within the day',
};

/**
 * When a request made now will be priced, before the server has said exactly: at the close of the
 * fund's current candle, its next valuation. The answer's `pricedAfter` then gives the time.
 */
export function nextValuationWords(timeframe: string): string {
  const within = timeframeWords[timeframe];
  return within ? `at the next valuation, ${within}` : 'at the next valuation';
}
