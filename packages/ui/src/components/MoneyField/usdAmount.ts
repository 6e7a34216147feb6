import { isTypedUsdDraft, typedUsdToText } from '@ledgerline/api-client/usd';

// Amounts stay decimal strings from keyboard to request: a float would turn 0.1 + 0.2 into
// 0.30000000000000004 and 1250.10 into 1250.1 in a ledger. What may be typed, and how it reads as an
// amount, are the rules the site and the server share (@ledgerline/api-client/usd).

/**
 * The amount in `text` as a plain decimal string (digits, one point, at most two decimals), or
 * `null` when it is not one. Grouping commas, a `$` and spaces, as in a pasted "$1,250.50", are dropped.
 */
export function parseAmountInput(text: string): string | null {
  const cleaned = text.replace(/[,$\s]/g, '');
  return isTypedUsdDraft(cleaned) ? cleaned : null;
}

/** "007.5" → "7.50", ".5" → "0.50", "12." → "12.00", "." or "" → "". */
export function normalizeAmount(amount: string): string {
  return typedUsdToText(amount) ?? '';
}

/** US grouping with two decimals: "1250.5" → "1,250.50". */
export function formatAmount(amount: string): string {
  const normalized = normalizeAmount(amount);
  if (normalized === '') return '';
  const [integer = '0', fraction = '00'] = normalized.split('.');
  return `${integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}
