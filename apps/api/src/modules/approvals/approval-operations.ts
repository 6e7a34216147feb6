import type { components } from '@ledgerline/api-client/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { approvals } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { Operations } from '../../http/operations';
import { keysetPage } from '../../http/pagination';
import type { Services } from '../../services';
import {
  type InvitationToSend,
  inviteeEmail,
  lockTeam,
  makeInvitation,
  refuseTakenInvitee,
  removeAdmin,
  sendInvitation,
} from '../admins/team';
import { recordAudit } from '../audit/audit';
import { forgetCheckedAccount, signedInAccount } from '../auth/sessions';
import { refuseOwnAccount } from '../ledger/guards';
import { rejectionReason } from '../reviews/reviews';
import { stepUpCodeOf, stepUpCodes } from '../step-up/step-up';
import { applyPosting, applyWalletChange } from './apply';
import {
  type ApprovalRow,
  approvalQuery,
  approvalView,
  isPostingChange,
  isTeamChange,
  ownProposalMessage,
  readApproval,
} from './proposals';

type ApprovalPage = components['schemas']['ApprovalPage'];
type ApprovalDecided = components['schemas']['ApprovalDecided'];

/** Answered (403) to the admin a proposed removal is of: they are not a second pair of eyes on it. */
export const ownRemovalMessage = 'This proposal removes you: another admin must approve it.';
export const ownRemovalRejectMessage = 'This proposal removes you: another admin must decide it.';

/** The pending proposal, locked until the transaction ends; 404 or 409 (decided already) otherwise. */
async function lockPending(tx: Tx, approvalId: string): Promise<ApprovalRow> {
  const [row] = await tx.select().from(approvals).where(eq(approvals.id, approvalId)).for('update');
  if (!row) throw new HttpError(404, 'Proposal not found');
  if (row.status !== 'pending') throw new HttpError(409, `This proposal was already ${row.status}.`);
  return row;
}

/**
 * The second pair of eyes: the back office's list of proposed postings and wallet changes, and their
 * approval (which applies the change) or rejection by an admin. A proposal is decided at most once,
 * however many approvals race: its row lock orders them, the deciding UPDATE applies only to a
 * pending proposal not the approver's own, and the database itself refuses an approval by the
 * proposer and any change to a decided proposal. The change and the decision commit together.
 */
export function approvalOperations(services: Services) {
  const { db, metrics, sessionChecks } = services;
  const requireStepUpCode = stepUpCodes(services);

  /** Marks the proposal decided, only while pending (and, approved, only by another admin). */
  async function decide(
    tx: Tx,
    proposal: ApprovalRow,
    adminId: string,
    decision:
      | { status: 'approved'; walletId?: string; resultRef?: string }
      | { status: 'rejected'; reason: string },
  ): Promise<void> {
    const [decided] = await tx
      .update(approvals)
      .set({
        status: decision.status,
        decidedById: adminId,
        decidedAt: sql`now()`,
        ...(decision.status === 'approved'
          ? { walletId: decision.walletId ?? proposal.walletId, resultRef: decision.resultRef ?? null }
          : { reason: decision.reason }),
      })
      .where(
        and(
          eq(approvals.id, proposal.id),
          eq(approvals.status, 'pending'),
          decision.status === 'approved' ? ne(approvals.proposedById, adminId) : undefined,
        ),
      )
      .returning({ id: approvals.id });
    if (!decided) throw new HttpError(409, 'This proposal was already decided.');
  }

  return {
    adminListApprovals: {
      async handler(request): Promise<ApprovalPage> {
        const viewerId = signedInAccount(request).userId;
        const { query } = request;
        return keysetPage({
          query,
          keys: approvals,
          filters: [
            query.status ? eq(approvals.status, query.status) : undefined,
            query.userId ? eq(approvals.userId, query.userId) : undefined,
          ],
          read: ({ where, orderBy, limit }) =>
            approvalQuery(db)
              .where(where)
              .orderBy(...orderBy)
              .limit(limit),
          keyOf: ({ approval }) => approval,
          toItem: (row) => approvalView(row, viewerId),
        });
      },
    },

    adminApproveApproval: {
      async handler(request): Promise<ApprovalDecided> {
        const admin = signedInAccount(request);
        const { approvalId } = request.params;
        let invitationMail: InvitationToSend | null = null;
        let removedAdminId: string | null = null;
        const approval = await db.transaction(async (tx) => {
          const proposal = await lockPending(tx, approvalId);
          if (proposal.proposedById === admin.userId) throw new HttpError(403, ownProposalMessage);
          const { change } = proposal;
          if (isTeamChange(change)) {
            if (change.team === 'remove' && change.userId === admin.userId) {
              throw new HttpError(403, ownRemovalMessage);
            }
          } else if (proposal.userId) {
            refuseOwnAccount(admin.userId, proposal.userId, 'post');
          }
          await requireStepUpCode(request, stepUpCodeOf(request.body), tx);
          const applier = {
            adminId: admin.userId,
            proposal: { id: proposal.id, proposedById: proposal.proposedById },
          };
          const proposalDetails = { proposedById: proposal.proposedById, approvalId: proposal.id };
          if (isPostingChange(change)) {
            if (!proposal.userId) throw new Error('A proposed posting names no user');
            // The balance may have changed since it was proposed: refused (409), it stays pending.
            const { ref } = await applyPosting(tx, proposal.userId, change, applier, 409);
            await decide(tx, proposal, admin.userId, { status: 'approved', resultRef: ref });
          } else if (isTeamChange(change) && change.team === 'invite') {
            // The address may have become an admin's, or been invited, since: refused (409), it
            // stays pending, to be rejected.
            await lockTeam(tx);
            const email = inviteeEmail(change.email);
            await refuseTakenInvitee(tx, email, new Date(), proposal.id);
            const made = await makeInvitation(
              tx,
              { email, invitedById: proposal.proposedById, approvalId: proposal.id },
              { adminId: admin.userId, details: proposalDetails },
            );
            invitationMail = made.mail;
            await decide(tx, proposal, admin.userId, { status: 'approved' });
          } else if (isTeamChange(change)) {
            // Never the last admin: refused (409) if the others were removed since.
            await removeAdmin(tx, services, change.userId, {
              adminId: admin.userId,
              details: proposalDetails,
            });
            removedAdminId = change.userId;
            await decide(tx, proposal, admin.userId, { status: 'approved' });
          } else {
            const wallet = await applyWalletChange(tx, proposal.walletId, change, applier);
            await decide(tx, proposal, admin.userId, { status: 'approved', walletId: wallet.id });
          }
          return readApproval(tx, proposal.id, admin.userId);
        });
        if (removedAdminId) await forgetCheckedAccount(db, sessionChecks, removedAdminId);
        if (invitationMail) await sendInvitation(services, invitationMail);
        if (approval.posting) metrics.ledgerPostings.inc({ kind: approval.posting.kind });
        return { msg: 'Approved and applied', approval };
      },
    },

    adminRejectApproval: {
      async handler(request): Promise<ApprovalDecided> {
        const admin = signedInAccount(request);
        const { approvalId } = request.params;
        const reason = rejectionReason(request.body);
        const approval = await db.transaction(async (tx) => {
          const proposal = await lockPending(tx, approvalId);
          // The admin a removal is of neither approves nor rejects it: they could block it for ever.
          const { change } = proposal;
          if (isTeamChange(change) && change.team === 'remove' && change.userId === admin.userId) {
            throw new HttpError(403, ownRemovalRejectMessage);
          }
          await decide(tx, proposal, admin.userId, { status: 'rejected', reason });
          await recordAudit(tx, {
            actorId: admin.userId,
            action: 'approval.reject',
            targetType: 'approval',
            targetId: proposal.id,
            reason,
            details: {
              kind: proposal.kind,
              proposedById: proposal.proposedById,
              ...(proposal.userId ? { userId: proposal.userId } : {}),
            },
          });
          return readApproval(tx, proposal.id, admin.userId);
        });
        return { msg: 'Proposal rejected', approval };
      },
    },
  } satisfies Operations;
}
