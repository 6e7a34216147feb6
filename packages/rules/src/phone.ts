import {
  AsYouType,
  type CountryCode,
  getCountryCallingCode,
  getExampleNumber,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/min';
import examples from 'libphonenumber-js/mobile/examples';
import { formatUSPhone } from './us-phone';

/*
 * Phone numbers, as the people of each country write them. A number is typed the way it is written
 * in the chosen country, or in international form: "+", a country code, then the number. It is kept
 * in E.164 (`+447700900123`) and shown in the chosen country's own format when it is one of that
 * country's numbers, in international format otherwise. US numbers are written `(xxx) xxx-xxxx`,
 * with `+1 ` in front or not.
 */

/** E.164 allows at most 15 digits, the country code included. */
const maxDigits = 15;

/** The country's numbering plan, by its two-letter code; a few territories (Antarctica) have none. */
function planOf(countryCode: string | undefined): CountryCode | undefined {
  const code = countryCode?.trim().toUpperCase();
  return code && isSupportedCountry(code) ? code : undefined;
}

/** What a written phone number may hold: digits, spaces, dots, dashes and brackets, a leading `+`. */
const writtenPattern = /^\+?[0-9 ().-]+$/;

/**
 * The number in E.164, or null when `text` is not a phone number of the country `countryCode` as
 * written there, nor (with a leading `+`) a number of any country in international form. A number is
 * checked against its country's numbering plan: a country code that exists and a length that
 * country's numbers have. Whether a number is assigned today is left to the telephone network, so
 * the ranges set aside for examples (US 555, UK 07700 900xxx) pass.
 */
export function phoneE164(text: string, countryCode?: string): string | null {
  const written = text.trim();
  if (!writtenPattern.test(written)) return null;
  const plan = planOf(countryCode);
  const parsed = parsePhoneNumberFromString(written, plan ? { defaultCountry: plan } : {});
  return parsed?.isPossible() ? parsed.number : null;
}

/**
 * A stored number as a person of `countryCode` reads it: in the country's own format when the number
 * is one of the country's (`07700 900123`, `(555) 123-4567`), else in international format
 * (`+44 7700 900123`). Numbers kept before E.164 were all US numbers in US format, and read as such.
 * Text that is no number at all is shown as it is.
 */
export function displayPhone(stored: string, countryCode?: string): string {
  const written = stored.trim();
  const parsed = parsePhoneNumberFromString(written, written.startsWith('+') ? {} : { defaultCountry: 'US' });
  if (!parsed) return stored;
  const plan = planOf(countryCode);
  if (plan && parsed.countryCallingCode === getCountryCallingCode(plan)) return parsed.formatNational();
  return parsed.formatInternational();
}

/**
 * A number as it is being typed, formatted the way the country writes it: US numbers as
 * `formatUSPhone` does; elsewhere, and any number starting with `+` and another country's code,
 * grouped as that country groups its numbers (`07700 900123`, `+44 7700 900123`). Digits beyond
 * the most a number can have are dropped.
 */
export function formatPhoneAsTyped(text: string, countryCode?: string): string {
  const international = text.trimStart().startsWith('+');
  const plan = planOf(countryCode);
  const digits = text.replace(/\D/g, '').slice(0, maxDigits);
  if (plan === 'US' && !(international && digits !== '' && !digits.startsWith('1'))) {
    return formatUSPhone(text);
  }
  if (digits === '') return international ? '+' : '';
  return new AsYouType(plan).input(international ? `+${digits}` : digits);
}

/** A mobile number of the country as it writes one (`07400 123456`), to show how; none without a plan. */
export function examplePhone(countryCode?: string): string | undefined {
  const plan = planOf(countryCode);
  return plan ? getExampleNumber(plan, examples)?.formatNational() : undefined;
}
