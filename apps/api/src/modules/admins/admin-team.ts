import type { components } from '@ledgerline/api-client/contract';
import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { isUniqueViolation } from '../../db/errors';
import { adminInvitations, users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { Operations } from '../../http/operations';
import { logSessionsRevoked } from '../../http/security-events';
import { passwordPolicyProblem } from '../../policies/password-policy';
import type { Services } from '../../services';
import { recordAudit } from '../audit/audit';
import { cancelEmailChanges } from '../auth/email-change';
import { hashPassword } from '../auth/password-hashing';
import { newReferralCode } from '../auth/referral-codes';
import { endOtherSessions, forgetCheckedAccount, signedInAccount } from '../auth/sessions';
import { hashToken } from '../auth/tokens';
import { pausedUntil } from '../auth/withdrawal-pause';
import { stepUpCodeOf, stepUpCodes } from '../step-up/step-up';
import { invitationView, lockTeam } from './team';

type AdminTeam = components['schemas']['AdminTeam'];
type Message = components['schemas']['Message'];

export const unknownInvitationMessage =
  'This invitation link is not valid. Open it exactly as it was sent, or ask an admin to invite you again.';
export const usedInvitationMessage = 'This invitation has already been used: sign in instead.';
export const expiredInvitationMessage =
  'This invitation has expired: it was valid for 72 hours. Ask an admin to invite you again.';

export const unknownInvitationIdMessage = 'No invitation has this id.';
export const invitationCancelledMessage = 'This invitation was cancelled already: its link no longer works.';
export const invitationAcceptedMessage =
  'This invitation was accepted already: remove the admin from the team instead.';
export const invitationExpiredMessage = 'This invitation has expired: its link no longer works.';

/**
 * The team of admins: who they are, the invitations not yet accepted, and accepting or cancelling
 * one. The link mailed to the invited address proves it, as a verification link would: following it
 * makes that address an admin's, a new account or the one the address already has.
 *
 * Cancelling an invitation kills its link at once. It only takes a way in away, so one admin does it
 * alone, even where changing the team needs two (with a fresh step-up code when they have two-factor
 * on, as for inviting). An invitation still proposed has no link yet: it is withdrawn by rejecting
 * the proposal in Approvals.
 */
export function adminTeamOperations(services: Services) {
  const { config, db, sessionChecks } = services;
  const requireStepUpCode = stepUpCodes(services);

  return {
    adminListAdmins: {
      async handler(): Promise<AdminTeam> {
        const now = new Date();
        const admins = await db
          .select({
            id: users.id,
            fullname: users.fullname,
            email: users.email,
            twoFactorEnabled: sql<boolean>`${users.twoFactorSecret} IS NOT NULL`,
            since: sql<Date>`coalesce(${users.adminSince}, ${users.createdAt})`.mapWith(users.createdAt),
          })
          .from(users)
          .where(eq(users.role, 'admin'))
          // By name as people sort them, whatever its case ("Adam", "ledgerline admin", "Zoe").
          .orderBy(asc(sql`lower(${users.fullname})`), asc(users.email));
        const invitations = await db
          .select({ invitation: adminInvitations, inviter: users })
          .from(adminInvitations)
          .innerJoin(users, eq(users.id, adminInvitations.invitedById))
          .where(
            and(
              isNull(adminInvitations.acceptedAt),
              isNull(adminInvitations.cancelledAt),
              gt(adminInvitations.expiresAt, now),
            ),
          )
          .orderBy(desc(adminInvitations.createdAt), desc(adminInvitations.id));
        return {
          items: admins.map((admin) => ({
            _id: admin.id,
            fullname: admin.fullname,
            email: admin.email,
            twoFactorEnabled: admin.twoFactorEnabled,
            since: admin.since.toISOString(),
          })),
          invitations: invitations.map((row) => invitationView(row.invitation, row.inviter)),
        };
      },
    },

    acceptAdminInvitation: {
      rateLimit: { max: 10, timeWindow: '15 minutes' },
      async handler(request): Promise<Message> {
        const { token, password } = request.body;
        // A name is kept as its owner typed it ("Anne-Marie O'Neil").
        const fullname = request.body.fullname.trim();
        if (!fullname) throw new HttpError(400, 'fullname is required');
        const policyProblem = passwordPolicyProblem(password, 'password');
        if (policyProblem) throw new HttpError(400, policyProblem);
        const now = new Date();
        const [invitation] = await db
          .select()
          .from(adminInvitations)
          .where(eq(adminInvitations.tokenHash, hashToken(token)))
          .limit(1);
        refuseEndedInvitation(invitation, now);
        const passwordHash = await hashPassword(password);
        const accepted = await db
          .transaction(async (tx) => {
            await lockTeam(tx);
            // Seen again under the team's lock, which cancelling takes too: an invitation cancelled or
            // accepted while the password was hashed makes no admin.
            const [current] = await tx
              .select()
              .from(adminInvitations)
              .where(eq(adminInvitations.id, invitation.id))
              .for('update');
            refuseEndedInvitation(current, now);
            const [existing] = await tx
              .select({ id: users.id })
              .from(users)
              .where(eq(users.email, invitation.email))
              .for('update');
            let userId: string;
            let sessionsEnded = 0;
            if (existing) {
              // The existing account of the address becomes an admin's: whoever knew its old password
              // is signed out everywhere, and (as after a reset) cannot take money out at once.
              userId = existing.id;
              await tx
                .update(users)
                .set({
                  role: 'admin',
                  adminSince: now,
                  passwordHash,
                  mustChangePassword: false,
                  emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
                  withdrawalsPausedUntil: pausedUntil(config, now),
                  updatedAt: now,
                })
                .where(eq(users.id, userId));
              await cancelEmailChanges(tx, userId);
              sessionsEnded = await endOtherSessions(tx, sessionChecks, userId, null, now);
            } else {
              const [created] = await tx
                .insert(users)
                .values({
                  email: invitation.email,
                  fullname,
                  phone: '',
                  country: '',
                  passwordHash,
                  role: 'admin',
                  adminSince: now,
                  emailVerifiedAt: now,
                  referralCode: newReferralCode(),
                })
                .returning({ id: users.id });
              if (!created) throw new Error('The admin was not stored');
              userId = created.id;
            }
            // Accepted once: of two clicks at once, one makes the admin and the other is told.
            const [used] = await tx
              .update(adminInvitations)
              .set({ acceptedAt: now, acceptedUserId: userId })
              .where(
                and(
                  eq(adminInvitations.id, invitation.id),
                  isNull(adminInvitations.acceptedAt),
                  isNull(adminInvitations.cancelledAt),
                ),
              )
              .returning({ id: adminInvitations.id });
            if (!used) throw new HttpError(400, usedInvitationMessage);
            await recordAudit(tx, {
              actorId: userId,
              action: 'admin.accept',
              targetType: 'user',
              targetId: userId,
              details: {
                invitationId: invitation.id,
                email: invitation.email,
                invitedById: invitation.invitedById,
                existingAccount: existing !== undefined,
              },
            });
            return { userId, sessionsEnded, existing: existing !== undefined };
          })
          .catch((error: unknown) => {
            // A sign-up with the address at the same moment: nothing was used, the link works again.
            if (isUniqueViolation(error, 'users_email_unique')) {
              throw new HttpError(400, 'This address was just signed up with: follow the link again.');
            }
            throw error;
          });
        request.securitySubject = accepted.userId;
        if (accepted.existing) {
          await forgetCheckedAccount(db, sessionChecks, accepted.userId);
          logSessionsRevoked(request, accepted.userId, 'admin invitation accepted', accepted.sessionsEnded);
        }
        return { msg: `You joined the back office. Sign in with ${invitation.email}.` };
      },
    },

    adminCancelAdminInvitation: {
      async handler(request): Promise<Message> {
        const actorId = signedInAccount(request).userId;
        const { invitationId } = request.params;
        const email = await db.transaction(async (tx) => {
          // Under the team's lock, as accepting is: a cancel and an acceptance at once are decided one
          // after the other, and only the first counts.
          await lockTeam(tx);
          const [invitation] = await tx
            .select()
            .from(adminInvitations)
            .where(eq(adminInvitations.id, invitationId))
            .for('update');
          if (!invitation) throw new HttpError(404, unknownInvitationIdMessage);
          if (invitation.cancelledAt) throw new HttpError(409, invitationCancelledMessage);
          if (invitation.acceptedAt) throw new HttpError(409, invitationAcceptedMessage);
          const now = new Date();
          if (invitation.expiresAt <= now) throw new HttpError(409, invitationExpiredMessage);
          await requireStepUpCode(request, stepUpCodeOf(request.body), tx);
          await tx
            .update(adminInvitations)
            .set({ cancelledAt: now, cancelledById: actorId })
            .where(eq(adminInvitations.id, invitation.id));
          await recordAudit(tx, {
            actorId,
            action: 'admin.invitation-cancel',
            targetType: 'admin_invitation',
            targetId: invitation.id,
            details: {
              email: invitation.email,
              invitedById: invitation.invitedById,
              expiresAt: invitation.expiresAt.toISOString(),
              ...(invitation.approvalId ? { approvalId: invitation.approvalId } : {}),
            },
          });
          return invitation.email;
        });
        return { msg: `Invitation to ${email} cancelled: its link no longer works.` };
      },
    },
  } satisfies Operations;
}

/**
 * Refuses (400) a link that makes no admin: unknown, used or expired, each with its own message. A
 * cancelled link is answered as an unknown one: it was never used, and another invitation is needed.
 */
function refuseEndedInvitation(
  invitation: typeof adminInvitations.$inferSelect | undefined,
  now: Date,
): asserts invitation is typeof adminInvitations.$inferSelect {
  if (!invitation || invitation.cancelledAt) throw new HttpError(400, unknownInvitationMessage);
  if (invitation.acceptedAt) throw new HttpError(400, usedInvitationMessage);
  if (invitation.expiresAt <= now) throw new HttpError(400, expiredInvitationMessage);
}
