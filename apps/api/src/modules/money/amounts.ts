/*
 * Money at the edge is US dollars with at most two decimals; inside it is integer cents. These are the
 * only conversions, and none does floating point arithmetic on an amount.
 */

/** The contract's ceiling for one amount: 1,000,000,000 USD. */
export const maxAmountCents = 100_000_000_000;

const decimalPattern = /^(0|[1-9][0-9]{0,11})(?:\.([0-9]{1,2}))?$/;

/**
 * A multipart decimal string (`"1250.50"`, `"300"`) as cents, or null when it is not one: no sign,
 * no exponent, no spaces, at most two decimals. Zero and amounts above the ceiling are left to the
 * caller to refuse with its own words.
 */
export function parseUsdString(value: string): number | null {
  const match = decimalPattern.exec(value);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/**
 * A JSON number with at most two decimals (the contract checked it) as cents. The decimal text of the
 * number is read, not multiplied, so 0.29 is 29 cents, never 28.999….
 */
export function usdNumberToCents(value: number): number | null {
  if (!Number.isFinite(value)) return null;
  const negative = value < 0;
  const text = Math.abs(value).toString();
  if (/e/i.test(text)) return null;
  const cents = parseUsdString(text);
  if (cents === null) return null;
  return negative ? -cents : cents;
}

/** Cents as the contract's USD number (125050 → 1250.5): the nearest double to an exact decimal. */
export function centsToUsd(cents: number): number {
  return cents / 100;
}

/** Cents as a plain decimal with two places (125050 → "1250.50"), for CSV and messages. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.trunc(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

/** Cents in US English for people (125050 → "$1,250.50"). */
export function formatUsdForPeople(cents: number): string {
  const [whole = '0', fraction = '00'] = formatCents(Math.abs(cents)).split('.');
  return `${cents < 0 ? '-' : ''}$${Number(whole).toLocaleString('en-US')}.${fraction}`;
}
