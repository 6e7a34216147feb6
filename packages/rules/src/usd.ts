/*
 * US dollar amounts, as the site and the server both read and write them. At the edge an amount is
 * US dollars with at most two decimals (a decimal string, or a JSON number); inside it is integer
 * cents. Every conversion here reads or writes decimal digits: none multiplies, divides or rounds a
 * floating-point amount, so 0.29 is 29 cents and never 28.999….
 */

/** The ceiling for one amount, 1,000,000,000 USD, in cents. */
export const maxUsdCents = 100_000_000_000;

/** What a person may have typed so far: digits, at most one point, at most two digits after it. */
const typedPattern = /^(\d*)(?:\.(\d{0,2}))?$/;

/** The contract's decimal string: no sign, no exponent, no spaces, no leading zero, at most two decimals. */
const contractPattern = /^(0|[1-9][0-9]{0,11})(?:\.([0-9]{1,2}))?$/;

/** Whole dollars and up to two decimals as cents, read from their digits alone (`"7"`, `"5"` → 750). */
function digitsToCents(whole: string, fraction: string): number {
  // One decimal parse of the digits: exact up to Number.MAX_SAFE_INTEGER cents (about 90 trillion
  // dollars), and beyond that the nearest double, still far above the ceiling.
  return Number(`${whole}${fraction.padEnd(2, '0')}`);
}

/**
 * Whether `text` is an amount being typed: digits, at most one point and at most two digits after it;
 * `""`, `"."`, `"7."` and `".5"` are, `" 5"`, `"1e3"`, `"-1"` and `"1.234"` are not.
 */
export function isTypedUsdDraft(text: string): boolean {
  return typedPattern.test(text);
}

/** The parts of a typed amount once trimmed, or null when it is not one or has no digit at all. */
function typedParts(text: string): { whole: string; fraction: string } | null {
  const match = typedPattern.exec(text.trim());
  if (!match) return null;
  const [, whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  return { whole, fraction };
}

/**
 * A typed amount as cents, or null when it is not one: spaces around it are ignored, and `"7."`,
 * `".5"` and leading zeros (`"007.5"`) are allowed; no sign, no exponent, at most two decimals.
 */
export function typedUsdToCents(text: string): number | null {
  const parts = typedParts(text);
  return parts ? digitsToCents(parts.whole, parts.fraction) : null;
}

/**
 * A typed amount as the contract's decimal string, digit for digit at any length (`"007.5"` →
 * `"7.50"`, `".5"` → `"0.50"`, `"12."` → `"12.00"`), or null when it is not one.
 */
export function typedUsdToText(text: string): string | null {
  const parts = typedParts(text);
  if (!parts) return null;
  const whole = parts.whole.replace(/^0+/, '') || '0';
  return `${whole}.${parts.fraction.padEnd(2, '0')}`;
}

/**
 * The contract's decimal string (`"1250.50"`, `"300"`) as cents, or null when it is not exactly one:
 * no sign, no exponent, no spaces, no leading zero, at most two decimals, at most twelve whole digits.
 */
export function contractUsdToCents(text: string): number | null {
  const match = contractPattern.exec(text);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return digitsToCents(whole, fraction);
}

/**
 * A JSON USD number with at most two decimals as cents, read from its shortest decimal text (0.29 →
 * 29); null when that text has more decimals (0.1 + 0.2), an exponent (1e21) or is not finite.
 */
export function usdNumberToCents(value: number): number | null {
  if (!Number.isFinite(value)) return null;
  const cents = contractUsdToCents(Math.abs(value).toString());
  if (cents === null) return null;
  return value < 0 ? -cents : cents;
}

/** Integer cents as a plain decimal with two places (125050 → "1250.50", -5 → "-0.05"). */
export function centsToUsdText(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const digits = String(Math.abs(cents)).padStart(3, '0');
  return `${cents < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** Integer cents as the contract's USD number (125050 → 1250.5): the double its decimal text reads as. */
export function centsToUsdNumber(cents: number): number {
  return Number(centsToUsdText(cents));
}
