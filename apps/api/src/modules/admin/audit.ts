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
  | 'notification.set';

export type AuditRecord = {
  actorId: string;
  action: AuditAction;
  targetType: 'deposit' | 'withdrawal' | 'kyc' | 'wallet' | 'user';
  targetId: string;
  reason?: string | null;
  /** What changed: amounts (as USD numbers), refs, previous values. */
  details?: Record<string, unknown>;
};

/**
 * Writes one admin action to the audit log. Call it with the transaction that makes the change, so
 * the action and its record commit together or not at all.
 */
export async function recordAudit(tx: Pick<Database, 'insert'>, record: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: record.actorId,
    action: record.action,
    targetType: record.targetType,
    targetId: record.targetId,
    reason: record.reason ?? null,
    details: record.details ?? {},
  });
}
