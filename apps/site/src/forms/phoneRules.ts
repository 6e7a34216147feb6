import { countryCodeOf } from '@ledgerline/rules/countries';
import { examplePhone, phoneE164 } from '@ledgerline/rules/phone';
import * as z from 'zod/mini';
import './zodWithoutEval';

// Apart from the other rules, so that only the forms that take a phone number load the countries'
// numbering plans.

export const invalidPhone = 'Provide a valid phone number';

/**
 * A form's phone number and country (by name): a filled-in number must be one of the country's, as
 * written there, or any country's in international form (`+44 7700 900123`). Checked once a country
 * is chosen; the message goes under the phone number.
 */
export const phoneOfCountry = z.refine<{ phone: string; country: string }>(
  (value) =>
    value.phone.trim() === '' ||
    value.country === '' ||
    phoneE164(value.phone, countryCodeOf(value.country)) !== null,
  { message: invalidPhone, path: ['phone'] },
);

/** How a phone number is written in a country (by its two-letter code), as a field's short hint. */
export function phoneHint(countryCode: string | undefined): string {
  if (!countryCode) return "In your country's format";
  if (countryCode === 'US') return 'US format: (555) 123-4567';
  const example = examplePhone(countryCode);
  return example ? `For example ${example}` : 'Starting with + and the country code';
}
