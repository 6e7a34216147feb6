/*
 * Money is integer minor units in `bigint`, never a floating-point number. Each asset has a scale
 * (the number of decimals its minor unit stands for): US dollars are cents (scale 2), coins are
 * quantities at scale 8, fund units are at scale 6, and prices are US dollars per whole coin at
 * scale 8 (`price8`). Every division names its rounding, and each caller picks the direction that
 * never creates value out of rounding: what the fund pays rounds up, what it receives rounds down.
 */

/** How a division that does not come out exact is rounded. */
export type Rounding = 'floor' | 'ceil' | 'half-even';

/** The scale of US dollar amounts: cents, as the ledger keeps them. */
export const usdScale = 2;
/** The scale of prices: US dollars per whole coin with eight decimals. */
export const priceScale = 8;
/** The scale of coin quantities. */
export const quantityScale = 8;
/** The scale of fund units. */
export const unitScale = 6;

/** 10 to the power `n`, as a bigint. */
export function pow10(n: number): bigint {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`A power of ten needs a whole exponent, not ${n}`);
  return 10n ** BigInt(n);
}

/** One basis point is a hundredth of a percent: 10,000 of them make a whole. */
export const bpsDenominator = 10_000n;

/**
 * `a × b ÷ c` computed exactly and rounded once, in the direction given: 'floor' toward minus
 * infinity, 'ceil' toward plus infinity, 'half-even' to the nearest with ties to the even neighbour.
 */
export function mulDiv(a: bigint, b: bigint, c: bigint, rounding: Rounding): bigint {
  if (c === 0n) throw new RangeError('mulDiv divides by zero');
  return divide(a * b, c, rounding);
}

/** `n ÷ d` rounded as asked (bigint division alone truncates toward zero). */
export function divide(n: bigint, d: bigint, rounding: Rounding): bigint {
  if (d === 0n) throw new RangeError('Division by zero');
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  // The common case, a non-negative amount, needs one division and no remainder.
  if (n >= 0n) {
    if (rounding === 'floor') return n / d;
    if (rounding === 'ceil') return (n + d - 1n) / d;
  }
  const q = n / d;
  const r = n % d;
  if (r === 0n) return q;
  // With d > 0 the remainder has the sign of n, and q has been truncated toward zero.
  if (rounding === 'floor') return r < 0n ? q - 1n : q;
  if (rounding === 'ceil') return r > 0n ? q + 1n : q;
  const twice = (r < 0n ? -r : r) * 2n;
  const away = r < 0n ? q - 1n : q + 1n;
  if (twice > d) return away;
  if (twice < d) return q;
  return q % 2n === 0n ? q : away;
}

const decimalPattern = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * A decimal string (`"1250.5"`, `"-0.00000001"`) as an integer at `scale` decimals, exactly; throws
 * when the text is no plain decimal or carries more decimals than the scale holds, so no digit is
 * ever dropped silently.
 */
export function parseDecimal(text: string, scale: number): bigint {
  const match = decimalPattern.exec(text);
  if (!match) throw new RangeError(`"${text}" is not a decimal number`);
  const [, sign = '', whole = '0', fraction = ''] = match;
  if (fraction.length > scale) {
    throw new RangeError(`"${text}" has more than ${scale} decimals`);
  }
  const value = BigInt(whole + fraction.padEnd(scale, '0'));
  return sign === '-' ? -value : value;
}

/** An integer at `scale` decimals as a decimal string with exactly `scale` decimals (`12345n, 2` → `"123.45"`). */
export function formatDecimal(value: bigint, scale: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  const text = scale === 0 ? whole : `${whole}.${fraction}`;
  return negative ? `-${text}` : text;
}

/** The factor between a quantity × price8 product and cents: 10^(quantity scale + 8 − 2). */
const notionalDivisor = pow10(quantityScale + priceScale - usdScale);

/**
 * The value in cents of a coin quantity (scale 8) at a price (price8), rounded as the caller says:
 * cash the fund pays rounds up ('ceil'), cash it receives rounds down ('floor').
 */
export function notionalCents(quantity: bigint, price8: bigint, rounding: Rounding): bigint {
  return mulDiv(quantity, price8, notionalDivisor, rounding);
}

/**
 * The coin quantity (scale 8) that `cents` buys at `price8`, rounded down so the quantity never
 * costs more than the amount.
 */
export function quantityForCents(cents: bigint, price8: bigint): bigint {
  if (price8 <= 0n) return 0n;
  return mulDiv(cents, notionalDivisor, price8, 'floor');
}

/** `amount × bps ÷ 10,000`, rounded as asked (fees round up: 'ceil'). */
export function applyBps(amount: bigint, bps: bigint, rounding: Rounding): bigint {
  return mulDiv(amount, bps, bpsDenominator, rounding);
}

/** A percentage given as a number with at most two decimals (12.5) as basis points (1250n). */
export function percentToBps(percent: number): bigint {
  return BigInt(Math.round(percent * 100));
}

/** The smaller of two bigints. */
export function minBig(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

/** The larger of two bigints. */
export function maxBig(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}
