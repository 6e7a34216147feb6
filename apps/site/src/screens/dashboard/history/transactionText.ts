import type { Schemas } from '@ledgerline/api-client';
import { formatNavPerUnit } from '@ledgerline/ui/funds';

export type Transaction = Schemas['Transaction'];
export type TrxType = Schemas['TrxType'];

/** Each kind of row as a person reads it. */
export const kindLabels: Record<TrxType, string> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  profit: 'Profit',
  bonus: 'Bonus',
  adjustment: 'Adjustment',
  investment: 'Investment',
  redemption: 'Redemption',
};

/** A row's sign (deposits show "+ amount USD", withdrawals "- amount USD"): the contract's `direction`. */
export function signOf(row: Transaction): 'credit' | 'debit' {
  return row.direction;
}

/**
 * Whether the amount is tinted as money in (green) or out (red): only once the movement is settled.
 * A pending deposit has moved nothing yet, and a rejected or cancelled request moved nothing in the
 * end; their amounts stay neutral, and the status badge says why.
 */
export function isSettled(row: Transaction): boolean {
  return row.status === 'approved';
}

/** Whether its owner may still cancel it: a withdrawal awaiting review (held or not). */
export function isCancellable(row: Transaction): boolean {
  return row.trxType === 'withdrawal' && row.status === 'pending';
}

/** An investment in or a redemption from a fund: the rows that carry a fund, units and a NAV per unit. */
export function isFundRow(row: Transaction): boolean {
  return row.trxType === 'investment' || row.trxType === 'redemption';
}

/** Where a pending fund row stands: a valuation prices it, and the history does not know its hour. */
export const nextValuation = 'the fund’s next valuation';

/**
 * A fund row's units and price in a line: "250.000000 units at $1.0000" once priced (the NAV per unit
 * it was priced at); while pending, that the next valuation prices it, with the units a redemption
 * asked back; null for a row the valuation refused (its status and reason say so).
 */
export function fundPricingText(row: Transaction): string | null {
  if (row.units && row.navPerUnit) return `${row.units} units at ${formatNavPerUnit(row.navPerUnit)}`;
  if (row.status !== 'pending') return null;
  return row.units
    ? `${row.units} units, to be priced at ${nextValuation}`
    : `To be priced at ${nextValuation}`;
}

/**
 * A fund row's units as its details state them: those issued or redeemed once priced, those asked
 * back while a redemption waits, and otherwise what the valuation will decide.
 */
export function fundUnitsText(row: Transaction): string {
  if (row.units) return row.status === 'pending' ? `${row.units} asked back` : row.units;
  if (row.status !== 'pending') return 'None: it was not priced';
  return row.trxType === 'investment' ? `Issued at ${nextValuation}` : `Worked out at ${nextValuation}`;
}

/** A fund row's NAV per unit as its details state it: the price it was given, or what it waits for. */
export function fundNavText(row: Transaction): string {
  if (row.navPerUnit) return formatNavPerUnit(row.navPerUnit);
  return row.status === 'pending' ? `Not yet: set by ${nextValuation}` : 'None: it was not priced';
}
