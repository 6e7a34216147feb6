/*
 * Pounds sterling, as the trading plans are published, shown beside them in US dollars. Inside, pounds
 * are integer pence and dollars integer cents; the rate is read from its decimal digits and applied in
 * integer arithmetic, so £1,999.99 at 1.27 is exactly 253,998.73 cents before it is rounded, never a
 * floating-point neighbour of it.
 */

/**
 * US dollars per pound: the rate the trading plans are shown at in US dollars ("≈ $127.00 … at
 * £1 = $1.27"). The product has no exchange-rate source (its market data prices coins in US dollars
 * only), so the rate is set here, in code, and changes with a release: whoever updates it updates the
 * plans' US dollar figures and which plan an investor's balance reaches. At most four decimals.
 */
export const GBP_TO_USD = '1.27';

/** The rate as ten-thousandths of a dollar per pound (1.27 → 12,700n). */
const rateScale = 10_000n;

function scaledRate(rate: string): bigint {
  const match = /^(\d+)(?:\.(\d{1,4}))?$/.exec(rate);
  if (!match) throw new RangeError(`Not a rate with at most four decimals: ${rate}`);
  return BigInt(`${match[1]}${(match[2] ?? '').padEnd(4, '0')}`);
}

/**
 * A pound amount with at most two decimals (a JSON number, as the plans are written) as pence, read
 * from its shortest decimal text (1999.99 → 199,999); null when that text has more decimals, an
 * exponent, a sign, or is not finite.
 */
export function poundsToPence(pounds: number): number | null {
  if (!Number.isFinite(pounds)) return null;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(pounds.toString());
  if (!match) return null;
  return Number(`${match[1]}${(match[2] ?? '').padEnd(2, '0')}`);
}

/**
 * Pence in US cents at `rate` (by default `GBP_TO_USD`), rounded to a whole cent in the direction
 * asked: `up` for a minimum (a balance that reaches the cents shown reaches the pounds), `down` for a
 * ceiling (the cents shown never claim more than the pounds cover).
 */
export function penceToUsdCents(pence: number, rounding: 'up' | 'down', rate: string = GBP_TO_USD): number {
  if (!Number.isSafeInteger(pence) || pence < 0)
    throw new RangeError(`Not a whole number of pence: ${pence}`);
  const exact = BigInt(pence) * scaledRate(rate);
  const cents = exact / rateScale;
  return Number(rounding === 'up' && exact % rateScale !== 0n ? cents + 1n : cents);
}
