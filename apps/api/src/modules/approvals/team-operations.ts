import type { components } from '@ledgerline/api-client/contract';
import { and, eq } from 'drizzle-orm';
import { approvals } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { Operations } from '../../http/operations';
import type { Services } from '../../services';
import {
  type InvitationToSend,
  inviteeEmail,
  lastAdminMessage,
  lockTeam,
  makeInvitation,
  noApproverMessage,
  refuseTakenInvitee,
  removalProposedMessage,
  requireAdmin,
  sendInvitation,
} from '../admins/team';
import { signedInAccount } from '../auth/sessions';
import { stepUpCodeOf, stepUpCodes } from '../step-up/step-up';
import { propose, proposedMessage, readApproval } from './proposals';

type AdminInvited = components['schemas']['AdminInvited'];
type ApprovalProposed = components['schemas']['ApprovalProposed'];

/**
 * Changing the team of admins. An admin can move money, so a new one is as sensitive as a new wallet:
 * each change needs a fresh step-up code (with two-factor on), and once the platform has two admins
 * no one of them changes the team alone.
 *
 * - Inviting: with one admin the invitation is made at once (there is no second pair of eyes to ask;
 *   the first admin is the operator's); with two or more it is proposed, and mailed when another admin
 *   approves.
 * - Removing: always proposed, approved by an admin who neither proposed it nor is the one removed,
 *   so no admin can push another out alone, nor wave through their own removal someone else forged.
 *   With two admins, A cannot remove B (no admin is left to approve it): B may propose their own
 *   removal for A to approve, or a third admin is invited first. The last admin is never removed.
 */
export function teamChangeOperations(services: Services) {
  const { db } = services;
  const requireStepUpCode = stepUpCodes(services);

  return {
    adminInviteAdmin: {
      async handler(request, reply): Promise<AdminInvited | ApprovalProposed> {
        const actorId = signedInAccount(request).userId;
        const email = inviteeEmail(request.body.email);
        let mail: InvitationToSend | null = null;
        const answer = await db.transaction(async (tx): Promise<AdminInvited | ApprovalProposed> => {
          const team = await lockTeam(tx);
          const now = new Date();
          await refuseTakenInvitee(tx, email, now);
          await requireStepUpCode(request, request.body.twoFactorCode, tx);
          if (team.length <= 1) {
            const made = await makeInvitation(tx, { email, invitedById: actorId }, { adminId: actorId }, now);
            mail = made.mail;
            return { msg: `Invitation sent to ${email}`, invitation: made.invitation };
          }
          const proposal = await propose(tx, { proposedById: actorId, change: { team: 'invite', email } });
          return { msg: proposedMessage, approval: await readApproval(tx, proposal.id, actorId) };
        });
        if (mail) await sendInvitation(services, mail);
        reply.status('approval' in answer ? 202 : 201);
        return answer;
      },
    },

    adminRemoveAdmin: {
      async handler(request, reply): Promise<ApprovalProposed> {
        const actorId = signedInAccount(request).userId;
        const { userId } = request.params;
        const approval = await db.transaction(async (tx) => {
          const team = await lockTeam(tx);
          const admin = await requireAdmin(tx, team, userId);
          if (team.length <= 1) throw new HttpError(409, lastAdminMessage);
          // Someone must be able to approve it: an admin other than the proposer and the removed.
          if (!team.some((id) => id !== actorId && id !== userId))
            throw new HttpError(409, noApproverMessage);
          const [pending] = await tx
            .select({ id: approvals.id })
            .from(approvals)
            .where(
              and(
                eq(approvals.kind, 'admin_remove'),
                eq(approvals.status, 'pending'),
                eq(approvals.userId, userId),
              ),
            )
            .limit(1);
          if (pending) throw new HttpError(409, removalProposedMessage);
          await requireStepUpCode(request, stepUpCodeOf(request.body), tx);
          const proposal = await propose(tx, {
            proposedById: actorId,
            userId,
            change: { team: 'remove', userId, email: admin.email },
          });
          return readApproval(tx, proposal.id, actorId);
        });
        reply.status(202);
        return { msg: proposedMessage, approval };
      },
    },
  } satisfies Operations;
}
