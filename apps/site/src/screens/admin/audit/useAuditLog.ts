import { unwrap } from '@ledgerline/api-client';
import { api } from '../../../api/api';
import { useKeysetQuery } from '../../../api/keysetQuery';
import { anyoneAnyTime, type UserAndDates, userAndDatesQuery } from '../review/QueueFilters';
import type { AuditAction, AuditEntry } from './auditText';

/**
 * The filters the contract offers on the audit log: one action, one admin (`all` leaves either
 * out), the user acted on, and days.
 */
export type AuditFilters = UserAndDates & { action: AuditAction | 'all'; actorId: string | 'all' };

export const everyEntry: AuditFilters = { action: 'all', actorId: 'all', ...anyoneAnyTime };

/** Rows per page on screen. */
const pageSize = 50;

/** The filters as the contract's query: `action`, `actorId`, `userId`, `from` and `to`. */
export function auditQuery(filters: AuditFilters) {
  const { action, actorId } = filters;
  return {
    action: action === 'all' ? undefined : action,
    actorId: actorId === 'all' ? undefined : actorId,
    ...userAndDatesQuery(filters),
  };
}

/** The audit log, newest first, one keyset page at a time. */
export function useAuditLog(filters: AuditFilters) {
  const query = auditQuery(filters);
  return useKeysetQuery<AuditEntry>(['get', '/admin/audit-log', { params: { query } }], (cursor, signal) =>
    unwrap(api.GET('/admin/audit-log', { params: { query: { ...query, limit: pageSize, cursor } }, signal })),
  );
}
