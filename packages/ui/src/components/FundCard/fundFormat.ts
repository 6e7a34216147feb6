// Fund figures as the investor reads them. NAV per unit arrives as a decimal string with eight
// decimals: Intl rounds it as an exact decimal, so no binary floating-point value stands between
// the contract and the screen.

const navFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 4, maximumFractionDigits: 8 });

/** "1.04210000" → "$1.0421": at least four decimals, more only when they say something. */
export function formatNavPerUnit(navPerUnit: string): string {
  return /^\d+(\.\d+)?$/.test(navPerUnit)
    ? `$${navFormat.format(navPerUnit as Intl.StringNumericLiteral)}`
    : '—';
}

const percentFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A change in percent with its sign in words' stead: "+4.21%", "−12.40%" (a true minus sign), "0.00%". */
export function formatSignedPercent(percent: number): string {
  const magnitude = percentFormat.format(Math.abs(percent));
  if (magnitude === '0.00') return '0.00%';
  return `${percent < 0 ? '−' : '+'}${magnitude}%`;
}

/** Basis points as a percent: 10 → "0.10%". */
export function formatBps(bps: number): string {
  return `${percentFormat.format(bps / 100)}%`;
}
