import type { Tx } from '../../db/database';
import type { withdrawals } from '../../db/schema';
import { postJournal } from '../ledger/postings';

type SettledWithdrawal = Pick<typeof withdrawals.$inferSelect, 'id' | 'userId' | 'ref' | 'amountCents'>;

/**
 * Ends the hold a withdrawal placed when it was asked for, once it is resolved, with one appended
 * journal (the hold's own journal is never changed): paid out when approved (the held amount leaves
 * to the platform's withdrawals-paid account), released when rejected by an admin or cancelled by its
 * owner (the held amount is available again). Called in the transaction that resolved the withdrawal,
 * once: the conditional UPDATE that resolves it decides that only one review or cancel gets here.
 * `createdById` is the reviewing admin; null for what the owner did.
 */
export async function settleWithdrawalHold(
  tx: Tx,
  withdrawal: SettledWithdrawal,
  outcome: 'paid' | 'released',
  createdById: string | null,
  memo: string | null = null,
): Promise<void> {
  const { userId, amountCents } = withdrawal;
  await postJournal(tx, {
    kind: outcome === 'paid' ? 'withdrawal_paid' : 'withdrawal_release',
    userId,
    ref: withdrawal.ref,
    memo,
    createdById,
    withdrawalId: withdrawal.id,
    postings: [
      { account: 'held', userId, amountCents: -amountCents },
      outcome === 'paid'
        ? { account: 'withdrawals_paid', amountCents }
        : { account: 'available', userId, amountCents },
    ],
  });
}
