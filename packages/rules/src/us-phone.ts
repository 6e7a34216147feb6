// Apart from the other countries' rules, so a page that shows a US number loads no numbering plans.

/**
 * US formatting as a person types: an optional `+1 ` then `(xxx) xxx-xxxx`, separators added only once
 * the digit after them exists, so that Backspace never meets a separator it cannot delete. A leading
 * 1 is always the country code: US area codes never start with 1.
 */
export function formatUSPhone(input: string): string {
  let digits = input.replace(/\D/g, '');
  const hasCountryCode = digits.startsWith('1');
  if (hasCountryCode) digits = digits.slice(1);
  const national = digits.slice(0, 10);
  if (national.length === 0) {
    if (hasCountryCode) return '+1';
    return input.trimStart().startsWith('+') ? '+' : '';
  }
  let formatted = `(${national.slice(0, 3)}`;
  if (national.length > 3) formatted += `) ${national.slice(3, 6)}`;
  if (national.length > 6) formatted += `-${national.slice(6)}`;
  return hasCountryCode ? `+1 ${formatted}` : formatted;
}
