/** What is shown for a price or change that is not a number. */
export const missingValue = '—';

const dollarsAndCents = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
// Below a dollar, cents say nothing (a coin at $0.000023): four significant digits instead.
const belowADollar = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumSignificantDigits: 2,
  maximumSignificantDigits: 4,
});

/** A market price in US dollars: `$67,234.12`, or `$0.00002345` below a dollar. */
export function formatMarketPrice(price: number): string {
  if (!Number.isFinite(price)) return missingValue;
  return Math.abs(price) >= 1 ? dollarsAndCents.format(price) : belowADollar.format(price);
}

const signedPercent = new Intl.NumberFormat('en-US', {
  signDisplay: 'exceptZero',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** A change in percent with its sign: `+2.31%`, `-0.85%`, `0.00%`. */
export function formatPercentChange(change: number): string {
  if (!Number.isFinite(change)) return missingValue;
  return `${signedPercent.format(change)}%`;
}

/** Which way a change went, after rounding to what is shown (a change shown as 0.00% is flat). */
export function changeDirection(change: number): 'up' | 'down' | 'flat' {
  if (!Number.isFinite(change) || Math.round(change * 100) === 0) return 'flat';
  return change > 0 ? 'up' : 'down';
}
