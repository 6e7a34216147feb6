import type { components } from '@ledgerline/api-client';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import { auditLog, users } from '../../db/schema';
import type { Operations } from '../../http/operations';
import { afterCursor, decodeCursor, toPage } from '../../http/pagination';
import type { Services } from '../../services';
import { userRef } from '../money/views';

type AuditEntryPage = components['schemas']['AuditEntryPage'];

export function auditLogOperations({ db }: Services) {
  return {
    adminListAuditLog: {
      async handler(request): Promise<AuditEntryPage> {
        const query = request.query;
        const limit = query.limit ?? 20;
        const cursor = decodeCursor(query.cursor);
        const conditions: SQL[] = [];
        if (query.actorId) conditions.push(eq(auditLog.actorId, query.actorId));
        if (query.action) conditions.push(eq(auditLog.action, query.action));
        if (cursor) conditions.push(afterCursor(auditLog.createdAt, auditLog.id, cursor));
        const rows = await db
          .select({
            entry: auditLog,
            actor: { id: users.id, fullname: users.fullname, email: users.email },
          })
          .from(auditLog)
          .innerJoin(users, eq(users.id, auditLog.actorId))
          .where(and(...conditions))
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(limit + 1);
        return toPage(
          rows.map((row) => ({ ...row, createdAt: row.entry.createdAt, id: row.entry.id })),
          limit,
          ({ entry, actor }) => ({
            _id: entry.id,
            actor: userRef(actor),
            action: entry.action,
            targetType: entry.targetType,
            targetId: entry.targetId,
            reason: entry.reason,
            details: entry.details,
            createdAt: entry.createdAt.toISOString(),
          }),
        );
      },
    },
  } satisfies Operations;
}
