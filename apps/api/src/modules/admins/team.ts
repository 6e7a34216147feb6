import type { components } from '@ledgerline/api-client/contract';
import { and, asc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Database, Tx } from '../../db/database';
import { adminInvitations, approvals, users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { adminInvitationLink, adminInvitationMail } from '../../mail/messages';
import type { Services } from '../../services';
import { recordAudit } from '../audit/audit';
import { endOtherSessions } from '../auth/sessions';
import { hashToken, newToken } from '../auth/tokens';
import { userRef } from '../money/views';

type AdminInvitation = components['schemas']['AdminInvitation'];

/** An invitation's link is valid for 72 hours. */
export const invitationValidityMs = 72 * 3_600_000;

export const alreadyAdminMessage = 'This person is already an admin.';
export const pendingInvitationMessage =
  'This address already has an invitation waiting: it is valid for 72 hours from when it was sent.';
export const invitationProposedMessage =
  'Inviting this address is already proposed: it waits for a second admin in Approvals.';
export const lastAdminMessage = 'The last admin cannot be removed: invite another admin first.';
export const notAdminMessage = 'No admin has this id.';
export const removalProposedMessage =
  'Removing this admin is already proposed: it waits for another admin in Approvals.';
export const noApproverMessage =
  'No admin could approve this: a removal is approved by an admin who neither proposed it nor is removed. With two admins, ask them to propose their own removal, or invite a third admin first.';

/** Who acts on the team, and what the audit log adds about a change that needed two admins. */
export type TeamActor = { adminId: string; details?: Record<string, unknown> };

/**
 * Every admin's id, their rows locked until the transaction ends. Each change to the team (an
 * invitation, a removal, an acceptance) takes this lock first, so two changes made at once are decided
 * one after the other: two removals at once can never leave the platform without an admin.
 */
export async function lockTeam(tx: Tx): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((row) => row.id);
}

/** The address as stored and compared: trimmed and lower-cased, as sign-up and sign-in treat it. */
export function inviteeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Refuses (409) an invitation to an address that is an admin's, has an invitation neither accepted,
 * cancelled nor expired, or is already proposed for one (other than `exceptApprovalId`, the proposal being
 * approved).
 */
export async function refuseTakenInvitee(
  tx: Tx,
  email: string,
  now: Date,
  exceptApprovalId?: string,
): Promise<void> {
  const [admin] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), eq(users.role, 'admin')))
    .limit(1);
  if (admin) throw new HttpError(409, alreadyAdminMessage);
  const [pending] = await tx
    .select({ id: adminInvitations.id })
    .from(adminInvitations)
    .where(
      and(
        eq(adminInvitations.email, email),
        isNull(adminInvitations.acceptedAt),
        isNull(adminInvitations.cancelledAt),
        gt(adminInvitations.expiresAt, now),
      ),
    )
    .limit(1);
  if (pending) throw new HttpError(409, pendingInvitationMessage);
  const proposed = await tx
    .select({ id: approvals.id, change: approvals.change })
    .from(approvals)
    .where(
      and(
        eq(approvals.kind, 'admin_invite'),
        eq(approvals.status, 'pending'),
        exceptApprovalId ? ne(approvals.id, exceptApprovalId) : undefined,
      ),
    );
  if (proposed.some(({ change }) => 'team' in change && change.email === email)) {
    throw new HttpError(409, invitationProposedMessage);
  }
}

/** The invitation as the contract shows it. */
export async function readInvitation(db: Database | Tx, invitationId: string): Promise<AdminInvitation> {
  const [row] = await db
    .select({ invitation: adminInvitations, inviter: users })
    .from(adminInvitations)
    .innerJoin(users, eq(users.id, adminInvitations.invitedById))
    .where(eq(adminInvitations.id, invitationId));
  if (!row) throw new Error('The invitation vanished');
  return invitationView(row.invitation, row.inviter);
}

export function invitationView(
  invitation: typeof adminInvitations.$inferSelect,
  inviter: { id: string; fullname: string; email: string },
): AdminInvitation {
  return {
    _id: invitation.id,
    email: invitation.email,
    invitedBy: userRef(inviter),
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/** What the mail of a new invitation needs, once its transaction has committed. */
export type InvitationToSend = { email: string; token: string; invitedBy: string };

/**
 * Makes an invitation to `email`, by `invitedById` (who proposed it, when a second admin approved
 * it as `actor`), valid for 72 hours, and writes it to the audit log. Answers the invitation and the
 * mail to send once the transaction commits: only the token's hash is stored.
 */
export async function makeInvitation(
  tx: Tx,
  invitation: { email: string; invitedById: string; approvalId?: string },
  actor: TeamActor,
  now = new Date(),
): Promise<{ invitation: AdminInvitation; mail: InvitationToSend }> {
  const token = newToken();
  const [row] = await tx
    .insert(adminInvitations)
    .values({
      email: invitation.email,
      invitedById: invitation.invitedById,
      approvalId: invitation.approvalId ?? null,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + invitationValidityMs),
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error('The invitation was not stored');
  await recordAudit(tx, {
    actorId: actor.adminId,
    action: 'admin.invite',
    targetType: 'admin_invitation',
    targetId: row.id,
    details: { email: row.email, expiresAt: row.expiresAt.toISOString(), ...actor.details },
  });
  const view = await readInvitation(tx, row.id);
  return { invitation: view, mail: { email: row.email, token, invitedBy: view.invitedBy.fullname } };
}

/** Mails an invitation's link. */
export async function sendInvitation(
  { config, mailer }: Pick<Services, 'config' | 'mailer'>,
  mail: InvitationToSend,
): Promise<void> {
  await mailer.send(
    adminInvitationMail(
      config,
      { email: mail.email, invitedBy: mail.invitedBy },
      adminInvitationLink(config, mail.token),
    ),
  );
}

/**
 * The admin `userId` among `team` (the locked admins' ids), with their email; 404 when no admin has
 * this id.
 */
export async function requireAdmin(tx: Tx, team: string[], userId: string) {
  if (!team.includes(userId)) throw new HttpError(404, notAdminMessage);
  const [admin] = await tx
    .select({ id: users.id, email: users.email, fullname: users.fullname })
    .from(users)
    .where(eq(users.id, userId));
  if (!admin) throw new HttpError(404, notAdminMessage);
  return admin;
}

/**
 * Makes the admin `userId` a user again and ends every session of theirs, under the team's lock:
 * never the last admin (409). Answers how many sessions ended; the caller tells the other instances
 * (`forgetCheckedAccount`) once the transaction has committed.
 */
export async function removeAdmin(
  tx: Tx,
  { sessionChecks }: Pick<Services, 'sessionChecks'>,
  userId: string,
  actor: TeamActor,
  now = new Date(),
): Promise<number> {
  const team = await lockTeam(tx);
  const admin = await requireAdmin(tx, team, userId);
  if (team.length <= 1) throw new HttpError(409, lastAdminMessage);
  await tx.update(users).set({ role: 'user', adminSince: null, updatedAt: now }).where(eq(users.id, userId));
  const ended = await endOtherSessions(tx, sessionChecks, userId, null, now);
  await recordAudit(tx, {
    actorId: actor.adminId,
    action: 'admin.remove',
    targetType: 'user',
    targetId: userId,
    details: { email: admin.email, sessionsEnded: ended, ...actor.details },
  });
  return ended;
}
