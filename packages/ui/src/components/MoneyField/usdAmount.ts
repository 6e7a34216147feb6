// Amounts stay decimal strings from keyboard to request: a float would turn 0.1 + 0.2 into
// 0.30000000000000004 and 1250.10 into 1250.1 in a ledger.

const amountPattern = /^\d*\.?\d{0,2}$/;

/**
 * The amount in `text` as a plain decimal string (digits, one point, at most two decimals), or
 * `null` when it is not one. Grouping commas, a `$` and spaces, as in a pasted "$1,250.50", are dropped.
 */
export function parseAmountInput(text: string): string | null {
  const cleaned = text.replace(/[,$\s]/g, '');
  return amountPattern.test(cleaned) ? cleaned : null;
}

/** "007.5" → "7.50", ".5" → "0.50", "12." → "12.00", "." or "" → "". */
export function normalizeAmount(amount: string): string {
  if (amount === '' || amount === '.') return '';
  const [whole = '', fraction = ''] = amount.split('.');
  const integer = whole.replace(/^0+(?=\d)/, '') || '0';
  return `${integer}.${fraction.padEnd(2, '0')}`;
}

/** US grouping with two decimals: "1250.5" → "1,250.50". */
export function formatAmount(amount: string): string {
  const normalized = normalizeAmount(amount);
  if (normalized === '') return '';
  const [integer = '0', fraction = '00'] = normalized.split('.');
  return `${integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}
