import { type Schemas, unwrap } from '@ledgerline/api-client';
import { DataTable, Table } from '@ledgerline/ui';
import { useId } from 'react';
import { api } from '../../../../api/api';
import { useKeysetQuery } from '../../../../api/keysetQuery';
import { formatDateTime } from '../../../../shared/formatDate';
import { type ActivityEntry, activityLabels, activityOrigin } from './activityText';
import * as styles from './SecurityPanels.css';

/** Entries per page: a screenful, then "Load more". */
export const activityPageSize = 10;

function fetchActivityPage(
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<Schemas['ActivityPage']> {
  return unwrap(
    api.GET('/users/activity', { params: { query: { limit: activityPageSize, cursor } }, signal }),
  );
}

/**
 * The activity log: sign-ins, security changes and money requests, newest first, by keyset pages.
 * While "Save my Activity Logs" is off the server records nothing new; what it recorded stays here.
 */
export function ActivityPanel({ recording }: { recording: boolean }) {
  const { state, loadMore, reload } = useKeysetQuery<ActivityEntry>(
    ['get', '/users/activity'],
    fetchActivityPage,
  );
  const headingId = useId();
  // A section rather than a Card: the table brings its own card, and its empty and failed states.
  return (
    <section aria-labelledby={headingId} className={styles.panelBody}>
      <h2 id={headingId} className={styles.sectionTitle}>
        Activity log
      </h2>
      {!recording && (
        <p className={styles.muted}>
          "Save my Activity Logs" is off: nothing new is recorded while it is off.
        </p>
      )}
      <DataTable
        plural="activity entries"
        singular="activity entry"
        caption="Your account's activity"
        status={
          state.phase === 'loading'
            ? { phase: 'loading' }
            : state.failure
              ? { phase: 'failed', message: state.failure.msg, onRetry: reload }
              : { phase: 'ready' }
        }
        items={state.phase === 'ready' ? state.items : []}
        getKey={(entry) => entry._id}
        emptyTitle="No activity recorded yet"
        emptyDescription="Sign-ins, security changes and your deposits and withdrawals show here."
        more={
          state.phase === 'ready'
            ? { available: state.nextCursor !== null, loading: state.loadingMore, onLoadMore: loadMore }
            : undefined
        }
        columns={
          <Table.Row>
            <Table.ColumnHeader>What</Table.ColumnHeader>
            <Table.ColumnHeader>When</Table.ColumnHeader>
            <Table.ColumnHeader>From</Table.ColumnHeader>
          </Table.Row>
        }
        renderRow={(entry) => (
          <Table.Row key={entry._id}>
            <Table.RowHeader>
              <span className={styles.entry}>
                <span>{activityLabels[entry.kind]}</span>
                {entry.detail && <span className={styles.entryMeta}>{entry.detail}</span>}
              </span>
            </Table.RowHeader>
            <Table.Cell>
              <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
            </Table.Cell>
            {/* The one column that wraps, so the table fits the tab's width. */}
            <Table.Cell wrap className={styles.entryMeta}>
              {activityOrigin(entry)}
            </Table.Cell>
          </Table.Row>
        )}
      />
    </section>
  );
}
