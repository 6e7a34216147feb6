import type { Schemas } from '@ledgerline/api-client';
import { Button, Select, type SelectOption, Table, toast, visuallyHidden } from '@ledgerline/ui';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { $api } from '../../../api/queryClient';
import { DashboardPage } from '../../../shared/DashboardPage';
import { formatDateTime } from '../../../shared/formatDate';
import { showRequestFailure } from '../../../shared/requestFailure';
import { UserAndDateFilters } from '../review/QueueFilters';
import { ReviewQueue } from '../review/ReviewQueue';
import * as queueStyles from '../review/ReviewQueue.css';
import { AuditEntryDialog } from './AuditEntryDialog';
import * as styles from './AuditLogScreen.css';
import { auditCsvFileName, auditLogCsv, fetchAllAuditEntries, saveCsv } from './auditLogCsv';
import { type AuditEntry, actionLabel, actionLabels, targetSummary } from './auditText';
import { type AuditFilters, everyEntry, useAuditLog } from './useAuditLog';

const actionOptions: SelectOption<AuditFilters['action']>[] = [
  { value: 'all', label: 'All actions' },
  ...Object.entries(actionLabels).map(([value, label]) => ({
    value: value as keyof typeof actionLabels,
    label,
  })),
];

/** A name as stored (lower-cased) with capitals, for the admin filter's options. */
const capitalised = (name: string) =>
  name.replace(/(^|\s)(\p{L})/gu, (_, space, letter) => space + letter.toUpperCase());

/** The export under way: entries fetched so far, and how to stop it. */
type ExportState = { fetched: number; controller: AbortController };

/**
 * /admin/audit-log: every admin action, newest first (who, what, on whom, when, why), filtered by
 * action, admin, user and days, with keyset "Load more", a dialog with an entry's details, and a CSV
 * of everything the filters keep.
 */
export function AuditLogScreen() {
  const [filters, setFilters] = useState<AuditFilters>(everyEntry);
  const { state, loadMore, reload } = useAuditLog(filters);
  const [selected, setSelected] = useState<AuditEntry | null>(null);
  const [exporting, setExporting] = useState<ExportState | null>(null);
  const downloadRef = useRef<HTMLButtonElement>(null);

  // Every admin, from the list of them, whether or not they acted in the pages loaded so far; and
  // anyone seen acting in the log who is no longer an admin, so their actions can still be filtered.
  const admins = useQuery($api.queryOptions('get', '/admin/admins'));
  const knownAdmins = useRef(new Map<string, Schemas['UserRef']>());
  for (const admin of admins.data?.items ?? []) knownAdmins.current.set(admin._id, admin);
  if (state.phase === 'ready') {
    for (const entry of state.items) knownAdmins.current.set(entry.actor._id, entry.actor);
  }
  const adminOptions: SelectOption[] = [
    { value: 'all', label: 'All admins' },
    ...[...knownAdmins.current.values()]
      .map((admin) => ({ value: admin._id, label: capitalised(admin.fullname) }))
      .sort((a, b) => a.label.localeCompare(b.label)),
  ];

  const filtered =
    filters.action !== 'all' ||
    filters.actorId !== 'all' ||
    filters.user !== null ||
    filters.fromDay !== '' ||
    filters.toDay !== '';

  const download = async () => {
    if (exporting) return;
    const controller = new AbortController();
    setExporting({ fetched: 0, controller });
    try {
      const entries = await fetchAllAuditEntries(
        filters,
        (fetched) => setExporting({ fetched, controller }),
        controller.signal,
      );
      saveCsv(auditLogCsv(entries), auditCsvFileName());
      toast.success(`Audit log downloaded: ${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}`);
    } catch (error) {
      if (!controller.signal.aborted) showRequestFailure(error);
    } finally {
      setExporting(null);
      // The progress (and its Cancel button) goes away: focus returns to the button that started it.
      downloadRef.current?.focus();
    }
  };

  return (
    <DashboardPage title="Audit log" brief="Every action taken in the back office, newest first.">
      <div className={styles.toolbar}>
        <div className={styles.filters}>
          <Select
            label="Action"
            options={actionOptions}
            value={filters.action}
            onValueChange={(action) => setFilters((current) => ({ ...current, action }))}
          />
          <Select
            label="Admin"
            options={adminOptions}
            value={filters.actorId}
            onValueChange={(actorId) => setFilters((current) => ({ ...current, actorId }))}
          />
          <UserAndDateFilters
            filters={filters}
            onChange={(part) => setFilters((current) => ({ ...current, ...part }))}
          />
        </div>
        <Button ref={downloadRef} variant="secondary" loading={exporting !== null} onClick={download}>
          Download CSV
        </Button>
      </div>
      {exporting && (
        <div className={styles.exportProgress}>
          <progress className={styles.progressBar} aria-label="Preparing the CSV" />
          <p className={styles.progressText} role="status">
            Preparing the CSV: {exporting.fetched} {exporting.fetched === 1 ? 'entry' : 'entries'} so far…
          </p>
          <Button variant="ghost" size="sm" onClick={() => exporting.controller.abort()}>
            Cancel
          </Button>
        </div>
      )}
      <ReviewQueue
        state={state}
        loadMore={loadMore}
        reload={reload}
        plural="audit entries"
        singular="audit entry"
        emptyTitle={
          filtered ? 'No audit entries match these filters' : 'No admin action has been recorded yet'
        }
        columns={
          <Table.Row>
            <Table.ColumnHeader>When</Table.ColumnHeader>
            <Table.ColumnHeader>Admin</Table.ColumnHeader>
            <Table.ColumnHeader>Action</Table.ColumnHeader>
            <Table.ColumnHeader>Target and user</Table.ColumnHeader>
            <Table.ColumnHeader>Reason</Table.ColumnHeader>
            <Table.ColumnHeader className={styles.holdsHiddenText}>
              <span className={visuallyHidden}>Details</span>
            </Table.ColumnHeader>
          </Table.Row>
        }
        row={(entry, action) => (
          <Table.Row key={entry._id}>
            <Table.RowHeader className={styles.when}>
              <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
            </Table.RowHeader>
            <Table.Cell>
              <span className={queueStyles.user}>{entry.actor.fullname}</span>
              <span className={queueStyles.meta}>{entry.actor.email}</span>
            </Table.Cell>
            <Table.Cell>{actionLabel(entry.action)}</Table.Cell>
            <Table.Cell>
              {targetSummary(entry)}
              {/* On whom, under what it acted on: a wallet is no one's. */}
              {entry.user && (
                <span className={queueStyles.meta}>
                  <span className={queueStyles.name}>{entry.user.fullname}</span> · {entry.user.email}
                </span>
              )}
            </Table.Cell>
            <Table.Cell>
              {entry.reason ? (
                <span className={styles.reason}>{entry.reason}</span>
              ) : (
                <span className={styles.none}>—</span>
              )}
            </Table.Cell>
            <Table.Cell>
              <Button
                className={styles.holdsHiddenText}
                variant="ghost"
                size="sm"
                aria-haspopup="dialog"
                onClick={() => setSelected(entry)}
                {...action}
              >
                Details
                <span className={visuallyHidden}>
                  {' '}
                  of {actionLabel(entry.action)}, {targetSummary(entry)}, {formatDateTime(entry.createdAt)}
                </span>
              </Button>
            </Table.Cell>
          </Table.Row>
        )}
      />
      <AuditEntryDialog entry={selected} onClose={() => setSelected(null)} />
    </DashboardPage>
  );
}
