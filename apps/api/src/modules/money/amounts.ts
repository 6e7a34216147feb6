import {
  centsToUsdNumber,
  centsToUsdText,
  contractUsdToCents,
  maxUsdCents,
  usdNumberToCents,
} from '@ledgerline/api-client/usd';
import { type SQL, sql } from 'drizzle-orm';
import { HttpError } from '../../http/errors';

/*
 * Money at the edge is US dollars with at most two decimals; inside it is integer cents. The rules
 * are the ones the site applies too (@ledgerline/api-client/usd); this module keeps the server's
 * names for them and its own wording for people.
 */

/** The contract's ceiling for one amount: 1,000,000,000 USD. */
export const maxAmountCents = maxUsdCents;

/**
 * A multipart decimal string (`"1250.50"`, `"300"`) as cents, or null when it is not one: no sign,
 * no exponent, no spaces, at most two decimals. Zero and amounts above the ceiling are left to the
 * caller to refuse with its own words.
 */
export const parseUsdString = contractUsdToCents;

/**
 * A JSON number with at most two decimals (the contract checked it) as cents. The decimal text of the
 * number is read, not multiplied, so 0.29 is 29 cents, never 28.999….
 */
export { usdNumberToCents };

/** Cents as the contract's USD number (125050 → 1250.5): the nearest double to an exact decimal. */
export const centsToUsd = centsToUsdNumber;

/** Cents as a plain decimal with two places (125050 → "1250.50"), for CSV and messages. */
export const formatCents = centsToUsdText;

/** Cents in US English for people (125050 → "$1,250.50"). */
export function formatUsdForPeople(cents: number): string {
  const [whole = '0', fraction = '00'] = formatCents(Math.abs(cents)).split('.');
  return `${cents < 0 ? '-' : ''}$${Number(whole).toLocaleString('en-US')}.${fraction}`;
}

/**
 * `formatUsdForPeople` in SQL, for a statement that writes an amount it reads itself (a referral
 * bonus's memo): `cents` is a bigint expression. `names.test.ts` holds the two to the same answers.
 */
export function formatUsdForPeopleSql(cents: SQL): SQL<string> {
  return sql<string>`(CASE WHEN (${cents}) < 0 THEN '-' ELSE '' END || '$'
    || regexp_replace((abs(${cents}) / 100)::text, '(\\d)(?=(\\d{3})+$)', '\\1,', 'g')
    || '.' || lpad((abs(${cents}) % 100)::text, 2, '0'))`;
}

/** Reads a positive amount in cents from a multipart decimal string, or answers 400. */
export function requestedAmountCents(value: string): number {
  const cents = parseUsdString(value);
  if (cents === null) throw new HttpError(400, 'amount must be a number with at most two decimals');
  if (cents <= 0) throw new HttpError(400, 'amount must be greater than 0');
  if (cents > maxAmountCents) throw new HttpError(400, 'amount must be at most 1,000,000,000');
  return cents;
}
