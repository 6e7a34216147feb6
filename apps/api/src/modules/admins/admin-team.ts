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
import { endOtherSessions, forgetCheckedAccount } from '../auth/sessions';
import { hashToken } from '../auth/tokens';
import { pausedUntil } from '../auth/withdrawal-pause';
import { invitationView, lockTeam } from './team';

type AdminTeam = components['schemas']['AdminTeam'];
type Message = components['schemas']['Message'];

export const unknownInvitationMessage =
  'This invitation link is not valid. Open it exactly as it was sent, or ask an admin to invite you again.';
export const usedInvitationMessage = 'This invitation has already been used: sign in instead.';
export const expiredInvitationMessage =
  'This invitation has expired: it was valid for 72 hours. Ask an admin to invite you again.';

/**
 * The team of admins: who they are, the invitations not yet accepted, and accepting one. The link
 * mailed to the invited address proves it, as a verification link would: following it makes that
 * address an admin's, a new account or the one the address already has.
 */
export function adminTeamOperations(services: Services) {
  const { config, db, sessionChecks } = services;

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
          .where(and(isNull(adminInvitations.acceptedAt), gt(adminInvitations.expiresAt, now)))
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
        if (!invitation) throw new HttpError(400, unknownInvitationMessage);
        if (invitation.acceptedAt) throw new HttpError(400, usedInvitationMessage);
        if (invitation.expiresAt <= now) throw new HttpError(400, expiredInvitationMessage);
        const passwordHash = await hashPassword(password);
        const accepted = await db
          .transaction(async (tx) => {
            await lockTeam(tx);
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
              .where(and(eq(adminInvitations.id, invitation.id), isNull(adminInvitations.acceptedAt)))
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
  } satisfies Operations;
}
