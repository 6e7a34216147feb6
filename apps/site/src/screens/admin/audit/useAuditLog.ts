import { unwrap } from '@ledgerline/api-client';
import { api } from '../../../api/api';
import { useKeysetPages } from '../../../api/useKeysetPages';
import type { AuditAction, AuditEntry } from './auditText';

/** The filters the contract offers on the audit log: one action, one admin; `all` leaves one out. */
export type AuditFilters = { action: AuditAction | 'all'; actorId: string | 'all' };

export const everyEntry: AuditFilters = { action: 'all', actorId: 'all' };

/** Rows per page on screen. */
const pageSize = 50;

/** The filters as the contract's query: `action` and `actorId`. */
export function auditQuery({ action, actorId }: AuditFilters) {
  return {
    action: action === 'all' ? undefined : action,
    actorId: actorId === 'all' ? undefined : actorId,
  };
}

/** The audit log, newest first, one keyset page at a time. */
export function useAuditLog(filters: AuditFilters) {
  const query = auditQuery(filters);
  return useKeysetPages<AuditEntry>(JSON.stringify(query), (cursor, signal) =>
    unwrap(api.GET('/admin/audit-log', { params: { query: { ...query, limit: pageSize, cursor } }, signal })),
  );
}
