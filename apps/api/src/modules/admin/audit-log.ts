import type { components } from '@ledgerline/api-client/contract';
import { eq } from 'drizzle-orm';
import { auditLog, users } from '../../db/schema';
import type { Operations } from '../../http/operations';
import { keysetPage } from '../../http/pagination';
import type { Services } from '../../services';
import { userRef } from '../money/views';

type AuditEntryPage = components['schemas']['AuditEntryPage'];

export function auditLogOperations({ db }: Services) {
  return {
    adminListAuditLog: {
      async handler(request): Promise<AuditEntryPage> {
        const { query } = request;
        return keysetPage({
          query,
          keys: auditLog,
          filters: [
            query.actorId ? eq(auditLog.actorId, query.actorId) : undefined,
            query.action ? eq(auditLog.action, query.action) : undefined,
          ],
          read: ({ where, orderBy, limit }) =>
            db
              .select({
                entry: auditLog,
                actor: { id: users.id, fullname: users.fullname, email: users.email },
              })
              .from(auditLog)
              .innerJoin(users, eq(users.id, auditLog.actorId))
              .where(where)
              .orderBy(...orderBy)
              .limit(limit),
          keyOf: ({ entry }) => entry,
          toItem: ({ entry, actor }) => ({
            _id: entry.id,
            actor: userRef(actor),
            action: entry.action,
            targetType: entry.targetType,
            targetId: entry.targetId,
            reason: entry.reason,
            details: entry.details,
            createdAt: entry.createdAt.toISOString(),
          }),
        });
      },
    },
  } satisfies Operations;
}
