import { centsToUsdText, contractUsdToCents, maxUsdCents } from '@ledgerline/rules/usd';
import { type SQL, sql } from 'drizzle-orm';
import { HttpError } from '../../http/errors';

/*
 * Money at the edge is US dollars with at most two decimals; inside it is integer cents. The rules
 * are the ones the site applies too (@ledgerline/rules/usd); this module keeps the server's own
 * wording for people.
 */

/** Cents in US English for people (125050 → "$1,250.50"). */
export function formatUsdForPeople(cents: number): string {
  const [whole = '0', fraction = '00'] = centsToUsdText(Math.abs(cents)).split('.');
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
  const cents = contractUsdToCents(value);
  if (cents === null) throw new HttpError(400, 'amount must be a number with at most two decimals');
  if (cents <= 0) throw new HttpError(400, 'amount must be greater than 0');
  if (cents > maxUsdCents) throw new HttpError(400, 'amount must be at most 1,000,000,000');
  return cents;
}
