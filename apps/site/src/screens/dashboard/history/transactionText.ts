import type { Schemas } from '@ledgerline/api-client';

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
