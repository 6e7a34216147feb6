import { is, SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { auditLog } from '../../db/schema';

/** The actions the audit log records (the contract's `AuditEntry.action`). */
export type AuditAction =
  | 'deposit.approve'
  | 'deposit.reject'
  | 'withdrawal.approve'
  | 'withdrawal.reject'
  | 'kyc.approve'
  | 'kyc.reject'
  | 'wallet.create'
  | 'wallet.update'
  | 'wallet.delete'
  | 'ledger.post'
  | 'notification.set'
  | 'fund.create'
  | 'fund.update'
  | 'trading.pause'
  | 'trading.resume'
  | 'approval.propose'
  | 'approval.reject'
  | 'admin.invite'
  | 'admin.accept'
  | 'admin.invitation-cancel'
  | 'admin.remove';

/**
 * The id of the user an entry's action was on ("on whom"): the target itself when it is a user (a
 * posting, a notification), else the `userId` its details carry (the owner of a reviewed deposit,
 * withdrawal or KYC request); null for an action on no user (a wallet).
 */
export const auditSubjectId = sql<string | null>`(CASE WHEN ${auditLog.targetType} = 'user'
  THEN ${auditLog.targetId} ELSE ${auditLog.details}->>'userId' END)::uuid`;

export type AuditRecord = {
  /** The acting admin's id, or (in `auditCte`) an SQL expression of it. */
  actorId: string | SQL;
  action: AuditAction;
  targetType:
    | 'deposit'
    | 'withdrawal'
    | 'kyc'
    | 'wallet'
    | 'user'
    | 'fund'
    | 'trading'
    | 'approval'
    | 'admin_invitation';
  /** The target's id, or (in `auditCte`) an SQL expression over the statement's rows. */
  targetId: string | SQL;
  reason?: string | null;
  /**
   * What changed: amounts (as USD numbers), refs, previous values; or (in `auditCte`) the same as a
   * jsonb expression over the statement's rows.
   */
  details?: Record<string, unknown> | SQL;
};

/**
 * Writes one admin action to the audit log. Call it with the transaction that makes the change, so
 * the action and its record commit together or not at all.
 */
export async function recordAudit(tx: Pick<Database, 'execute'>, record: AuditRecord): Promise<void> {
  await tx.execute(auditInsert(record));
}

/**
 * The audit record as a data-modifying CTE named `name`, for the statement that makes the change;
 * with `onlyIf` (a FROM clause), written once for each row that clause yields, and not at all without.
 */
export function auditCte(name: string, record: AuditRecord, onlyIf: SQL): SQL {
  return sql`${sql.identifier(name)} AS (${auditInsert(record, onlyIf)})`;
}

function auditInsert(record: AuditRecord, onlyIf: SQL = sql``): SQL {
  const targetId = is(record.targetId, SQL) ? sql`(${record.targetId})::text` : sql`${record.targetId}`;
  const details = is(record.details, SQL)
    ? sql`(${record.details})::jsonb`
    : sql`${JSON.stringify(record.details ?? {})}::jsonb`;
  return sql`INSERT INTO ${auditLog} (actor_id, action, target_type, target_id, reason, details)
    SELECT ${record.actorId}::uuid, ${record.action}, ${record.targetType}, ${targetId},
      ${record.reason ?? null}, ${details}
    ${onlyIf}`;
}
