/** How an amount is written: `$1,250.00` (symbol) or `1,250.00 USD` (code). */
export type MoneyDisplay = 'symbol' | 'code';
/** A ledger direction: a credit is written `+ 1,250.00 USD`, a debit `- 80.00 USD`. */
export type MoneySign = 'credit' | 'debit';

export type FormatUsdOptions = {
  /** `symbol` writes `$1,250.00`, `code` writes `1,250.00 USD`. @default 'symbol' */
  display?: MoneyDisplay;
  /** Writes `+ ` or `- ` before the amount; the amount's own sign is then ignored. */
  sign?: MoneySign;
};

/** What is shown for an amount that is not a number. */
export const missingAmount = '—';

// Decimal strings go to Intl as strings: it rounds them as exact decimals, so "1.005" becomes
// "1.01" and no binary floating-point value ever stands between the API's number and the screen.
const twoDecimals = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const decimal = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * Writes a USD amount in US format with two decimals. Takes a number (the API's JSON numbers) or a
 * decimal string (`"1250.5"`); anything else is written as an em dash.
 */
export function formatUsd(
  amount: number | string,
  { display = 'symbol', sign }: FormatUsdOptions = {},
): string {
  // String(number) is the shortest text that reads back as the same number: 0.1 stays "0.1".
  const text = typeof amount === 'number' ? (Number.isFinite(amount) ? String(amount) : '') : amount.trim();
  if (!decimal.test(text)) return missingAmount;
  const magnitude = twoDecimals.format(text.replace(/^[+-]/, '') as Intl.StringNumericLiteral);
  // "-0.001" rounds to 0.00, which is not negative.
  const negative = text.startsWith('-') && /[1-9]/.test(magnitude);
  const prefix = sign === 'credit' ? '+ ' : sign === 'debit' ? '- ' : negative ? '-' : '';
  return display === 'code' ? `${prefix}${magnitude} USD` : `${prefix}$${magnitude}`;
}

/** The amount as a plain decimal for machines (`<data value>`), e.g. `-80.00`; empty if not a number. */
export function usdValue(amount: number | string, sign?: MoneySign): string {
  const text = formatUsd(amount, { display: 'code', sign });
  if (text === missingAmount) return '';
  return text.replace(/[ ,]|USD|\+/g, '');
}
