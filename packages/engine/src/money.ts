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

/*
 * Exact integer arithmetic in plain numbers, for hot loops that must not allocate a bigint per candle.
 * A double holds every integer up to 2^53 − 1 exactly, and a sum or product of two such integers is
 * exact exactly when the result is still a safe integer (rounding is monotonic, so an exact result at
 * or past 2^53 rounds to a value no longer safe). Each function returns NaN when it cannot be sure of
 * the exact answer, and the caller then works in bigints: the result is never approximate.
 */

/** 10^7: a limb of the exact products below. */
const limb = 10_000_000;

/**
 * The high part of a non-negative safe integer split in base 10^7 (x = high × 10^7 + low). Division
 * and floor, corrected once, rather than `%`: on numbers beyond 32 bits `%` is a slow library call.
 */
function highLimb(value: number): number {
  const high = Math.floor(value / limb);
  return value - high * limb < 0 ? high - 1 : high;
}

/**
 * `floor(quantity × price8 ÷ 10^14)`, the value in cents of a quantity (scale 8) at a price (price8)
 * rounded down, exactly, in numbers; NaN when an intermediate would leave the safe integers. Both
 * factors are split in base 10^7 (q = q1·10^7 + q0, p = p1·10^7 + p0), so
 * q × p ÷ 10^14 = q1·p1 + (q1·p0 + q0·p1) ÷ 10^7 + q0·p0 ÷ 10^14, each part an exact integer.
 */
export function notionalFloorExact(quantity: number, price8: number): number {
  if (!(quantity >= 0 && price8 >= 0 && Number.isSafeInteger(quantity) && Number.isSafeInteger(price8)))
    return Number.NaN;
  const q1 = highLimb(quantity);
  const q0 = quantity - q1 * limb;
  const p1 = highLimb(price8);
  const p0 = price8 - p1 * limb;
  const high = q1 * p1;
  const crossA = q1 * p0;
  const crossB = q0 * p1;
  const middle = crossA + crossB;
  if (
    !Number.isSafeInteger(high) ||
    !Number.isSafeInteger(crossA) ||
    !Number.isSafeInteger(crossB) ||
    !Number.isSafeInteger(middle)
  )
    return Number.NaN;
  const middle1 = highLimb(middle);
  const middle0 = middle - middle1 * limb;
  // What is left below 10^14: middle0·10^7 + q0·p0 < 2·10^14, so at most one more cent.
  const carry = middle0 * limb + q0 * p0 >= limb * limb ? 1 : 0;
  const cents = high + middle1 + carry;
  return Number.isSafeInteger(cents) ? cents : Number.NaN;
}

/**
 * `numerator ÷ denominator` rounded down, exactly, for a non-negative safe integer numerator and a
 * positive safe denominator whose sum is still safe; NaN otherwise. The double quotient is corrected
 * by the exact remainder, so a quotient that rounded up is caught; `numerator − quotient ×
 * denominator` is then the exact remainder.
 */
export function floorDivideExact(numerator: number, denominator: number): number {
  if (
    !(numerator >= 0 && denominator > 0) ||
    !Number.isSafeInteger(numerator) ||
    !Number.isSafeInteger(numerator + denominator)
  )
    return Number.NaN;
  const quotient = Math.floor(numerator / denominator);
  const remainder = numerator - quotient * denominator;
  if (remainder < 0) return quotient - 1;
  if (remainder >= denominator) return quotient + 1;
  return quotient;
}

const maxSafe = BigInt(Number.MAX_SAFE_INTEGER);
/** Its negative, made once: `-maxSafe` in the check would make a new bigint at every call. */
const minSafe = -maxSafe;
/** One 64-bit slot and its two 32-bit words: reading a bigint's words is much cheaper than `Number(bigint)`. */
const slot = new BigInt64Array(1);
const slotWords = new Int32Array(slot.buffer);
const slotLowWords = new Uint32Array(slot.buffer);
const lowWord = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 0 : 1;

/** A bigint as the same exact number (what `Number(value)` gives), or NaN when it is not a safe integer. */
export function safeIntegerOf(value: bigint): number {
  if (value > maxSafe || value < minSafe) return Number.NaN;
  slot[0] = value;
  return (slotWords[1 - lowWord] ?? 0) * 4_294_967_296 + (slotLowWords[lowWord] ?? 0);
}
