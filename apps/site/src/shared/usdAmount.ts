import { maxUsdCents, typedUsdToCents, typedUsdToText, usdNumberToCents } from '@ledgerline/api-client/usd';
import * as z from 'zod/mini';

// Amounts stay decimal strings from the field to the request (the contract's `UsdAmountString`):
// comparing them goes through integer cents, never through floating-point dollars. The rules are the
// ones the server applies too (@ledgerline/api-client/usd).

/** The contract's ceiling for one request: 1,000,000,000 USD. */
export const maxRequestCents = maxUsdCents;

/** "1250.5" → 125050 cents; null when the text is not an amount with at most two decimals. */
export function amountCents(text: string): number | null {
  return typedUsdToCents(text);
}

/**
 * A JSON amount of the API (`25455.4`) in cents, read from its decimal text; null when it is not one
 * with at most two decimals (the contract keeps two at most).
 */
export function usdCents(amount: number): number | null {
  return usdNumberToCents(amount);
}

/** The amount as the contract's multipart forms take it: "007.5" → "7.50", ".5" → "0.50". */
export function toAmountString(text: string): string {
  return typedUsdToText(text) ?? text.trim();
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
  return z.string().check(
    z.refine((text) => text.trim() !== '', requiredMessage),
    z.refine(
      (text) => text.trim() === '' || amountCents(text) !== null,
      'Enter the amount in US dollars with at most two decimals, for example 1250.50',
    ),
    z.refine((text) => amountCents(text) !== 0, 'The amount must be more than $0.00'),
    z.refine(
      (text) => (amountCents(text) ?? 0) <= maxRequestCents,
      'The amount can be at most $1,000,000,000.00',
    ),
  );
}
