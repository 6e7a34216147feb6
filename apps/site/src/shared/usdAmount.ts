import { maxUsdCents, typedUsdToCents, typedUsdToText } from '@ledgerline/rules/usd';
import * as z from 'zod/mini';

// Amounts stay decimal strings from the field to the request (the contract's `UsdAmountString`):
// comparing them goes through integer cents, never through floating-point dollars. The rules are the
// ones the server applies too (@ledgerline/rules/usd).

/** The amount as the contract's multipart forms take it: "007.5" → "7.50", ".5" → "0.50". */
export function toAmountString(text: string): string {
  return typedUsdToText(text) ?? text.trim();
}

/** Whether a person has entered an amount above zero (what "an amount is chosen" means here). */
export function isAmountChosen(text: string): boolean {
  const cents = typedUsdToCents(text);
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
      (text) => text.trim() === '' || typedUsdToCents(text) !== null,
      'Enter the amount in US dollars with at most two decimals, for example 1250.50',
    ),
    z.refine((text) => typedUsdToCents(text) !== 0, 'The amount must be more than $0.00'),
    z.refine(
      (text) => (typedUsdToCents(text) ?? 0) <= maxUsdCents,
      'The amount can be at most $1,000,000,000.00',
    ),
  );
}
