import { centsToUsdNumber } from '@ledgerline/rules/usd';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { wallets } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { recordAudit } from '../audit/audit';
import { raiseEvent } from '../events/live-events';
import { lockUser } from '../ledger/balances';
import { refuseBelowZero } from '../ledger/guards';
import { postJournal } from '../ledger/postings';
import { formatUsdForPeople } from '../money/amounts';
import { newRef } from '../money/refs';
import { type PostingChange, type WalletChange, walletValues } from './proposals';

/** The platform account on the other side of each kind an admin may post. */
const counterAccount = { bonus: 'bonus_paid', adjustment: 'adjustments' } as const;
const refPrefix = { bonus: 'BON', adjustment: 'ADJ' } as const;

/** Who applies a change: the admin acting, and (for one that needed two admins) who proposed it. */
export type Applier = { adminId: string; proposal?: { id: string; proposedById: string } };

/** The audit details that name the proposer and the proposal of a change two admins made. */
function proposalDetails(applier: Applier) {
  return applier.proposal
    ? { proposedById: applier.proposal.proposedById, approvalId: applier.proposal.id }
    : {};
}

/**
 * Refuses (`status`, 400 unless said) a debit of more than the user's available balance. Under the
 * user's lock (`lockUser`) it holds until the transaction posts the debit.
 */
export async function refuseOverdraw(tx: Tx, userId: string, amountCents: number, status: 400 | 409 = 400) {
  try {
    await refuseBelowZero(
      tx,
      userId,
      amountCents,
      (available) =>
        `amount would take the available balance below zero (available: ${formatUsdForPeople(available)})`,
    );
  } catch (error) {
    if (error instanceof HttpError && status !== error.statusCode) throw new HttpError(status, error.message);
    throw error;
  }
}

/**
 * Posts a bonus or adjustment to the user's available balance: one balanced journal against the
 * platform's `bonus_paid` or `adjustments`, audited and announced to the user, under the user's lock
 * so that no debit takes the available balance below zero (refused with `refusalStatus`).
 */
export async function applyPosting(
  tx: Tx,
  userId: string,
  posting: PostingChange,
  applier: Applier,
  refusalStatus: 400 | 409 = 400,
) {
  const { kind, amountCents, memo } = posting;
  await lockUser(tx, userId);
  await refuseOverdraw(tx, userId, amountCents, refusalStatus);
  const ref = newRef(refPrefix[kind]);
  const journal = await postJournal(tx, {
    kind,
    userId,
    ref,
    memo,
    createdById: applier.adminId,
    postings: [
      { account: 'available', userId, amountCents },
      { account: counterAccount[kind], amountCents: -amountCents },
    ],
  });
  await recordAudit(tx, {
    actorId: applier.adminId,
    action: 'ledger.post',
    targetType: 'user',
    targetId: userId,
    reason: memo,
    details: {
      kind,
      amount: centsToUsdNumber(amountCents),
      ref,
      journalId: journal.id,
      ...proposalDetails(applier),
    },
  });
  await raiseEvent(tx, userId, { type: 'ledger.posted', kind, amount: centsToUsdNumber(amountCents) });
  return { journal, ref };
}

/**
 * Adds the wallet, or changes it, as proposed. A change applies only to the wallet as it was when
 * proposed: if it changed since, the proposal is stale (409) and is to be rejected and proposed again.
 */
export async function applyWalletChange(
  tx: Tx,
  walletId: string | null,
  change: WalletChange,
  applier: Applier,
): Promise<typeof wallets.$inferSelect> {
  const values = walletValues(change);
  if (change.change === 'create' || walletId === null) {
    const [row] = await tx.insert(wallets).values(values).returning();
    if (!row) throw new Error('The wallet was not stored');
    await recordAudit(tx, {
      actorId: applier.adminId,
      action: 'wallet.create',
      targetType: 'wallet',
      targetId: row.id,
      details: { ...walletValues(row), ...proposalDetails(applier) },
    });
    return row;
  }
  const [before] = await tx.select().from(wallets).where(eq(wallets.id, walletId)).for('update');
  if (!before) throw new HttpError(409, 'This wallet no longer exists: reject the proposal.');
  const previous = change.previous;
  if (previous && JSON.stringify(walletValues(before)) !== JSON.stringify(walletValues(previous))) {
    throw new HttpError(
      409,
      'This wallet changed since it was proposed: reject the proposal and propose again.',
    );
  }
  const [row] = await tx
    .update(wallets)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(wallets.id, walletId))
    .returning();
  if (!row) throw new Error('The wallet was not updated');
  await recordAudit(tx, {
    actorId: applier.adminId,
    action: 'wallet.update',
    targetType: 'wallet',
    targetId: row.id,
    details: { ...walletValues(row), previous: walletValues(before), ...proposalDetails(applier) },
  });
  return row;
}
