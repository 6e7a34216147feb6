import type { components } from '@ledgerline/api-client/contract';
import { centsToUsdNumber } from '@ledgerline/rules/usd';
import type { deposits, users, withdrawals } from '../../db/schema';
import type { JournalRecord } from '../ledger/postings';

type Transaction = components['schemas']['Transaction'];
type UserRef = components['schemas']['UserRef'];

type DepositRow = typeof deposits.$inferSelect;
type WithdrawalRow = typeof withdrawals.$inferSelect;
type UserRow = Pick<typeof users.$inferSelect, 'id' | 'fullname' | 'email'>;

export function userRef(user: UserRow): UserRef {
  return { _id: user.id, fullname: user.fullname, email: user.email };
}

/** A user reference from a left join, where every column is null when there is no such user. */
export function optionalUserRef(
  user: { id: string | null; fullname: string | null; email: string | null } | null,
) {
  return user?.id ? userRef(user as UserRow) : null;
}

export function depositTransaction(row: DepositRow): Transaction {
  return {
    _id: row.id,
    amount: centsToUsdNumber(row.amountCents),
    direction: 'credit',
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    trxType: 'deposit',
    status: row.status,
    ref: row.ref,
    paymentTo: row.paymentTo,
    type: row.type,
    reason: row.reason,
  };
}

export function withdrawalTransaction(row: WithdrawalRow): Transaction {
  return {
    _id: row.id,
    amount: centsToUsdNumber(row.amountCents),
    direction: 'debit',
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    trxType: 'withdrawal',
    status: row.status,
    ref: row.ref,
    address: row.address,
    network: row.network,
    type: row.type,
    reason: row.reason,
  };
}

/**
 * A profit, bonus (referral bonuses included) or adjustment journal as a history row: `amountCents`
 * is its entry on the user's available account, so its sign gives the direction.
 */
export function journalTransaction(
  journal: Pick<JournalRecord, 'id' | 'kind' | 'ref' | 'memo' | 'createdAt'>,
  amountCents: number,
): Transaction {
  const trxType = journal.kind === 'referral_bonus' ? 'bonus' : journal.kind;
  if (trxType !== 'profit' && trxType !== 'bonus' && trxType !== 'adjustment') {
    throw new Error(`A ${journal.kind} journal is not a history row of its own`);
  }
  return {
    _id: journal.id,
    amount: centsToUsdNumber(Math.abs(amountCents)),
    direction: amountCents < 0 ? 'debit' : 'credit',
    createdAt: journal.createdAt.toISOString(),
    resolvedAt: journal.createdAt.toISOString(),
    trxType,
    status: 'approved',
    ref: journal.ref,
    memo: journal.memo,
  };
}
