import type { components } from '@ledgerline/api-client/contract';
import { centsToUsdNumber } from '@ledgerline/rules/usd';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '../../db/database';
import { type ApprovalChange, approvals, users } from '../../db/schema';
import { recordAudit } from '../audit/audit';
import { optionalUserRef, userRef } from '../money/views';

type Approval = components['schemas']['Approval'];
export type ApprovalRow = typeof approvals.$inferSelect;
export type PostingChange = Extract<ApprovalChange, { kind: 'bonus' | 'adjustment' }>;
export type TeamChange = Extract<ApprovalChange, { team: 'invite' | 'remove' }>;
export type WalletChange = Exclude<ApprovalChange, PostingChange | TeamChange>;

/** The answer to the admin who proposed a change, which they can never approve themselves. */
export const ownProposalMessage = 'You proposed this: another admin must approve it.';
export const proposedMessage = 'Proposed: a second admin must approve it';

export function isPostingChange(change: ApprovalChange): change is PostingChange {
  return 'kind' in change;
}

export function isTeamChange(change: ApprovalChange): change is TeamChange {
  return 'team' in change;
}

export function isWalletChange(change: ApprovalChange): change is WalletChange {
  return !isPostingChange(change) && !isTeamChange(change);
}

/** The kind of proposal a change is (the `approvals.kind` it is stored under). */
function kindOf(change: ApprovalChange): ApprovalRow['kind'] {
  if (isPostingChange(change)) return 'posting';
  if (isTeamChange(change)) return change.team === 'invite' ? 'admin_invite' : 'admin_remove';
  return 'wallet';
}

const proposer = alias(users, 'proposer');
const decider = alias(users, 'decider');
const subject = alias(users, 'subject');

/** Proposals with their proposer, the admin who decided them, and the user a posting is for. */
export function approvalQuery(db: Database | Tx) {
  return db
    .select({
      approval: approvals,
      proposer: { id: proposer.id, fullname: proposer.fullname, email: proposer.email },
      decider: { id: decider.id, fullname: decider.fullname, email: decider.email },
      subject: { id: subject.id, fullname: subject.fullname, email: subject.email },
    })
    .from(approvals)
    .innerJoin(proposer, eq(proposer.id, approvals.proposedById))
    .leftJoin(decider, eq(decider.id, approvals.decidedById))
    .leftJoin(subject, eq(subject.id, approvals.userId));
}

type ApprovalQueryRow = Awaited<ReturnType<ReturnType<typeof approvalQuery>['execute']>>[number];

/** A proposal as the contract shows it to the admin `viewerId`. */
export function approvalView(row: ApprovalQueryRow, viewerId: string): Approval {
  const { approval } = row;
  const change = approval.change;
  const user = optionalUserRef(row.subject);
  return {
    _id: approval.id,
    kind: approval.kind,
    status: approval.status,
    proposedBy: userRef(row.proposer),
    proposedAt: approval.createdAt.toISOString(),
    decidedBy: optionalUserRef(row.decider),
    decidedAt: approval.decidedAt?.toISOString() ?? null,
    reason: approval.reason,
    ownProposal: approval.proposedById === viewerId,
    // The admin a removal is of is no second pair of eyes on it, as its proposer is not.
    ownRemoval: isTeamChange(change) && change.team === 'remove' && change.userId === viewerId,
    posting:
      isPostingChange(change) && user
        ? {
            user,
            kind: change.kind,
            amount: centsToUsdNumber(change.amountCents),
            memo: change.memo,
            ref: approval.resultRef,
          }
        : null,
    wallet: !isWalletChange(change)
      ? null
      : {
          change: change.change,
          walletId: approval.walletId,
          walletName: change.walletName,
          type: change.type,
          address: change.address,
          active: change.active,
          previous: change.previous,
        },
    admin: isTeamChange(change)
      ? { change: change.team, email: change.email, user: change.team === 'remove' ? user : null }
      : null,
  };
}

/** One proposal as `viewerId` sees it, read in `db` (the transaction that just wrote it). */
export async function readApproval(
  db: Database | Tx,
  approvalId: string,
  viewerId: string,
): Promise<Approval> {
  const [row] = await approvalQuery(db).where(eq(approvals.id, approvalId));
  if (!row) throw new Error('The proposal vanished');
  return approvalView(row, viewerId);
}

/**
 * Stores a change one admin proposes, which applies only once another admin approves it, and writes
 * the proposal to the audit log in the same transaction. Nothing else changes: a proposed posting
 * moves no money, a proposed wallet is not offered to anyone.
 */
export async function propose(
  tx: Tx,
  proposal: { proposedById: string; userId?: string; walletId?: string; change: ApprovalChange },
): Promise<ApprovalRow> {
  const { change } = proposal;
  const [row] = await tx
    .insert(approvals)
    .values({
      kind: kindOf(change),
      proposedById: proposal.proposedById,
      userId: proposal.userId ?? null,
      walletId: proposal.walletId ?? null,
      change,
    })
    .returning();
  if (!row) throw new Error('The proposal was not stored');
  await recordAudit(tx, {
    actorId: proposal.proposedById,
    action: 'approval.propose',
    targetType: 'approval',
    targetId: row.id,
    reason: isPostingChange(change) ? change.memo : null,
    details: isPostingChange(change)
      ? { kind: change.kind, amount: centsToUsdNumber(change.amountCents), userId: proposal.userId }
      : isTeamChange(change)
        ? { team: change.team, email: change.email, ...(proposal.userId ? { userId: proposal.userId } : {}) }
        : { wallet: change.change, walletId: proposal.walletId ?? null, ...walletValues(change) },
  });
  return row;
}

/** The values an admin sets on a wallet, as the audit log records them (before and after a change). */
export function walletValues(row: Pick<WalletChange, 'walletName' | 'type' | 'address' | 'active'>) {
  return { walletName: row.walletName, type: row.type, address: row.address, active: row.active };
}
