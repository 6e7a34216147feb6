import type { components } from '@ledgerline/api-client/contract';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { auditLog, users } from '../../db/schema';
import type { Operations } from '../../http/operations';
import { keysetPage } from '../../http/pagination';
import type { Services } from '../../services';
import { auditSubjectId } from '../audit/audit';
import { optionalUserRef, userRef } from '../money/views';

type AuditEntryPage = components['schemas']['AuditEntryPage'];

export function auditLogOperations({ db }: Services) {
  return {
    adminListAuditLog: {
      async handler(request): Promise<AuditEntryPage> {
        const { query } = request;
        const subject = alias(users, 'subject');
        // A change that needed two admins names its proposer in its details; the actor approved it.
        const proposer = alias(users, 'proposer');
        return keysetPage({
          query,
          keys: auditLog,
          filters: [
            query.actorId ? eq(auditLog.actorId, query.actorId) : undefined,
            query.action ? eq(auditLog.action, query.action) : undefined,
            query.userId ? eq(auditSubjectId, query.userId) : undefined,
          ],
          read: ({ where, orderBy, limit }) =>
            db
              .select({
                entry: auditLog,
                actor: { id: users.id, fullname: users.fullname, email: users.email },
                subject: { id: subject.id, fullname: subject.fullname, email: subject.email },
                proposer: { id: proposer.id, fullname: proposer.fullname, email: proposer.email },
              })
              .from(auditLog)
              .innerJoin(users, eq(users.id, auditLog.actorId))
              .leftJoin(subject, eq(subject.id, auditSubjectId))
              .leftJoin(proposer, eq(proposer.id, sql`(${auditLog.details}->>'proposedById')::uuid`))
              .where(where)
              .orderBy(...orderBy)
              .limit(limit),
          keyOf: ({ entry }) => entry,
          toItem: ({ entry, actor, subject: onWhom, proposer: proposedBy }) => ({
            _id: entry.id,
            actor: userRef(actor),
            proposedBy: optionalUserRef(proposedBy),
            action: entry.action,
            targetType: entry.targetType,
            targetId: entry.targetId,
            user: optionalUserRef(onWhom),
            reason: entry.reason,
            details: entry.details,
            createdAt: entry.createdAt.toISOString(),
          }),
        });
      },
    },
  } satisfies Operations;
}
