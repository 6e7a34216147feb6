import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { HttpError } from '../../http/errors';
import { userBalances } from './balances';
import { type Asset, defaultAsset } from './postings';

/**
 * What an admin would do to money of their own account, which is never theirs to do: another admin
 * must. Reviewing their own request, or posting to their own account.
 */
const ownAccountRefusals = {
  review: 'You cannot review your own request: another admin must.',
  post: 'You cannot post to your own account: another admin must.',
} as const;

export type OwnAccountAction = keyof typeof ownAccountRefusals;

/** The answer (403) to an admin acting on their own account. */
export function ownAccountRefused(action: OwnAccountAction): HttpError {
  return new HttpError(403, ownAccountRefusals[action]);
}

/** Whether `userId` is the acting admin's own account (a UUID is the same in either case). */
export function isOwnAccount(adminId: string, userId: string): boolean {
  return adminId.toLowerCase() === userId.toLowerCase();
}

/** Refuses (403) an admin acting on their own account; `userId` is the account the action is on. */
export function refuseOwnAccount(adminId: string, userId: string, action: OwnAccountAction): void {
  if (isOwnAccount(adminId, userId)) throw ownAccountRefused(action);
}

/**
 * The same rule as a condition of the statement that makes the change, `owner` being the column of
 * the account the change is on: it holds whatever else runs at the same time.
 */
export function notOwnAccount(owner: SQL | { getSQL(): SQL }, adminId: string | SQL): SQL {
  return sql`${owner} <> ${adminId}::uuid`;
}

/**
 * No movement takes a user's available balance below zero: a debit of more than is available is
 * refused (400) with `refusal(available)`, the sentence the caller shows. Call it under the user's
 * lock (`lockUser`) in the transaction that then posts the debit, so that the check and the posting
 * are one step. A credit (a change of zero or more) needs no check.
 */
export async function refuseBelowZero(
  tx: Tx,
  userId: string,
  changeCents: number,
  refusal: (availableCents: number) => string,
  asset: Asset = defaultAsset,
): Promise<void> {
  if (changeCents >= 0) return;
  const { available } = await userBalances(tx, userId, asset);
  if (available + changeCents < 0) throw new HttpError(400, refusal(available));
}
