/**
 * US phone formatting as a person types: an optional `+1 ` then `(xxx) xxx-xxxx`, separators added
 * only once the digit after them exists, so that Backspace never meets a separator it cannot delete.
 * A leading 1 is always the country code: US area codes never start with 1.
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

/** The national digits of a phone number (without the country code). */
export function nationalDigits(input: string): string {
  const digits = input.replace(/\D/g, '');
  return digits.startsWith('1') ? digits.slice(1) : digits;
}

/** True once the number has all ten national digits. */
export function isCompleteUSPhone(input: string): boolean {
  return nationalDigits(input).length >= 10;
}

/** Where the caret goes in `text` to stand after its `count`-th digit. */
export function caretAfterDigits(text: string, count: number): number {
  if (count <= 0) return text.startsWith('(') ? 1 : 0;
  let seen = 0;
  for (let index = 0; index < text.length; index++) {
    if (/\d/.test(text.charAt(index))) {
      seen++;
      if (seen === count) return index + 1;
    }
  }
  return text.length;
}

export function countDigits(text: string): number {
  return text.replace(/\D/g, '').length;
}
