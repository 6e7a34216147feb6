import { z } from 'zod';

// Amounts stay decimal strings from the field to the request (the contract's `UsdAmountString`):
// comparing them goes through integer cents, never through floating-point dollars.

const amountPattern = /^(\d+\.?\d{0,2}|\.\d{1,2})$/;

/** The contract's ceiling for one request: 1,000,000,000 USD. */
export const maxRequestCents = 1_000_000_000 * 100;

/** "1250.5" → 125050 cents; null when the text is not an amount with at most two decimals. */
export function amountCents(text: string): number | null {
  const trimmed = text.trim();
  if (!amountPattern.test(trimmed)) return null;
  const [whole = '', fraction = ''] = trimmed.split('.');
  // At most 14 digits reach here in practice (the field caps nothing, the rule below caps the value).
  return Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
}

/** A JSON amount of the API (`25455.4`) in cents. The contract keeps two decimals at most. */
export function usdCents(amount: number): number {
  return Math.round(amount * 100);
}

/** The amount as the contract's multipart forms take it: "007.5" → "7.50", ".5" → "0.50". */
export function toAmountString(text: string): string {
  const cents = amountCents(text);
  if (cents === null) return text.trim();
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** Whether a person has entered an amount above zero (what "an amount is chosen" means here). */
export function isAmountChosen(text: string): boolean {
  const cents = amountCents(text);
  return cents !== null && cents > 0;
}

/**
 * A USD amount field: required (with the form's own fixed message, word for word), above zero,
 * at most two decimals and at most the contract's ceiling for one request.
 */
export function usdAmountRule(requiredMessage: string) {
  return z
    .string()
    .refine((text) => text.trim() !== '', requiredMessage)
    .refine(
      (text) => text.trim() === '' || amountCents(text) !== null,
      'Enter the amount in US dollars with at most two decimals, for example 1250.50',
    )
    .refine((text) => amountCents(text) !== 0, 'The amount must be more than $0.00')
    .refine(
      (text) => (amountCents(text) ?? 0) <= maxRequestCents,
      'The amount can be at most $1,000,000,000.00',
    );
}
