import { unwrap } from '@ledgerline/api-client';
import { csvDocument } from '@ledgerline/rules/csv';
import { api } from '../../../api/api';
import { type AuditEntry, actionLabel } from './auditText';
import { type AuditFilters, auditQuery } from './useAuditLog';

/** The export's columns, one per fact of an entry; `details` is its JSON as the server stored it. */
export const auditCsvColumns = [
  'createdAt',
  'adminName',
  'adminEmail',
  'action',
  'actionLabel',
  'targetType',
  'targetId',
  'userId',
  'userName',
  'userEmail',
  'reason',
  'details',
] as const;

/** The entries as CSV (the one CSV writer: every cell quoted, typed formulas neutralised), in order. */
export function auditLogCsv(entries: readonly AuditEntry[]): string {
  return csvDocument(
    auditCsvColumns,
    entries.map((entry) => [
      entry.createdAt,
      entry.actor.fullname,
      entry.actor.email,
      entry.action,
      actionLabel(entry.action),
      entry.targetType,
      entry.targetId,
      entry.user?._id ?? null,
      entry.user?.fullname ?? null,
      entry.user?.email ?? null,
      entry.reason,
      JSON.stringify(entry.details),
    ]),
  );
}

/** The largest page the contract serves: the fewest calls for a long export. */
const exportPageSize = 100;

/**
 * Every entry the filters keep, newest first, page after page by keyset (the contract has no CSV of
 * the audit log, so the browser gathers it). `onProgress` hears the count after each page; aborting
 * `signal` stops between pages and rejects.
 */
export async function fetchAllAuditEntries(
  filters: AuditFilters,
  onProgress: (fetched: number) => void,
  signal: AbortSignal,
): Promise<AuditEntry[]> {
  const entries: AuditEntry[] = [];
  let cursor: string | undefined;
  do {
    const page = await unwrap(
      api.GET('/admin/audit-log', {
        params: { query: { ...auditQuery(filters), limit: exportPageSize, cursor } },
        signal,
      }),
    );
    entries.push(...page.items);
    onProgress(entries.length);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return entries;
}

/** "audit-log-2026-11-21.csv", dated in the admin's own time zone. */
export function auditCsvFileName(today = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `audit-log-${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}.csv`;
}

/** Saves `csv` as a file through a temporary Blob link. */
export function saveCsv(csv: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is not needed once this task ends.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
