/**
 * Where the caret goes in `text` to stand after its `count`-th digit; before any digit, it stands
 * after what leads the number (`+`, `(`), so the first digit typed goes after them.
 */
export function caretAfterDigits(text: string, count: number): number {
  if (count <= 0) {
    const firstDigit = text.search(/\d/);
    return firstDigit === -1 ? text.length : firstDigit;
  }
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
