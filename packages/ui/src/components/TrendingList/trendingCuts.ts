/**
 * The trending price as shown: the number's text cut to 8 characters
 * (`String(price).slice(0, 8)`), e.g. 67234.123456 → "67234.12", 0.000012345 → "0.000012". No
 * rounding and no thousands separators: the cut is the rule.
 */
export function cutTrendingPrice(price: number | string): string {
  return String(price).trim().slice(0, 8);
}

/**
 * The 24 h change cut to 5 characters, with its sign: the cut applies to the number without its
 * sign (`String(Math.abs(change)).slice(0, 5)`, so a minus never costs a digit), a dot left at the
 * end is dropped, then "+" (rise) or "-" (fall) goes before it and "%" after: 12.3456 → "+12.34%",
 * -4.56789 → "-4.567%", 123.456 → "+123.4%", 0 → "0%".
 */
export function cutTrendingChange(change: number): string {
  if (!Number.isFinite(change)) return '—';
  const digits = String(Math.abs(change)).slice(0, 5).replace(/\.$/, '');
  const sign = change > 0 ? '+' : change < 0 ? '-' : '';
  return `${sign}${digits}%`;
}
