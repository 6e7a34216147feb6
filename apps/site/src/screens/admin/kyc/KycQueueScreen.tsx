import { type Schemas, unwrap } from '@ledgerline/api-client';
import { Button, Select, StatusBadge, Table, visuallyHidden } from '@ledgerline/ui';
import { useState } from 'react';
import { api } from '../../../api/api';
import { useKeysetQuery } from '../../../api/keysetQuery';
import { DashboardPage } from '../../../shared/DashboardPage';
import { formatDateTime } from '../../../shared/formatDate';
import { ReceiptImage } from '../ReceiptImage';
import {
  anyoneAnyTime,
  narrowedToUserOrDays,
  type QueueFilters,
  queryPageSize,
  statusOptions,
  UserAndDateFilters,
  type UserAndDates,
  userAndDatesQuery,
} from '../review/QueueFilters';
import { Detail, ReviewDialog } from '../review/ReviewDialog';
import { ReviewQueue } from '../review/ReviewQueue';
import * as styles from '../review/ReviewQueue.css';
import { rowAsLoaded, useQueueLive, useQueueReviewed } from '../review/useQueueLive';

type AdminKyc = Schemas['AdminKyc'];

/** The identity documents the contract knows, as people name them. */
const documentLabels: Record<Schemas['KycDocument'], string> = { passport: 'Passport' };

type KycFilters = UserAndDates & { status: QueueFilters['status'] };

/** KYC requests, newest first, one keyset page at a time. */
function useKycQueue(filters: KycFilters) {
  const query = {
    status: filters.status === 'all' ? undefined : filters.status,
    ...userAndDatesQuery(filters),
  };
  return useKeysetQuery<AdminKyc>(['get', '/admin/kyc', { params: { query } }], (cursor, signal) =>
    unwrap(api.GET('/admin/kyc', { params: { query: { ...query, limit: queryPageSize, cursor } }, signal })),
  );
}

/**
 * /admin/kyc: identity checks, pending first. "Review" shows the document's image; approving
 * verifies the user, rejecting tells them why (they may send another).
 */
export function KycQueueScreen() {
  const [filters, setFilters] = useState<KycFilters>({ status: 'pending', ...anyoneAnyTime });
  const { state, loadMore, reload } = useKycQueue(filters);
  const { status } = filters;
  const [selected, setSelected] = useState<AdminKyc | null>(null);
  const resolvedElsewhere = useQueueLive('kyc', selected?._id);
  const reviewed = useQueueReviewed('kyc');

  return (
    <DashboardPage title="KYC" brief="Identity documents sent for review.">
      <ReviewQueue
        filters={
          <>
            <Select
              label="Status"
              options={statusOptions}
              value={status}
              onValueChange={(chosen) => setFilters({ ...filters, status: chosen })}
            />
            <UserAndDateFilters filters={filters} onChange={(part) => setFilters({ ...filters, ...part })} />
          </>
        }
        state={state}
        loadMore={loadMore}
        reload={reload}
        plural="KYC requests"
        singular="KYC request"
        emptyTitle={
          status === 'pending' && !narrowedToUserOrDays(filters)
            ? 'No KYC request is waiting for review'
            : 'No KYC requests match these filters'
        }
        columns={
          <Table.Row>
            <Table.ColumnHeader>User</Table.ColumnHeader>
            <Table.ColumnHeader>Document</Table.ColumnHeader>
            <Table.ColumnHeader>Sent</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader>
              <span className={visuallyHidden}>Review</span>
            </Table.ColumnHeader>
          </Table.Row>
        }
        row={(row, action) => (
          <Table.Row key={row._id}>
            <Table.RowHeader>
              <span className={styles.user}>{row.user.fullname}</span>
              <span className={styles.meta}>{row.user.email}</span>
            </Table.RowHeader>
            <Table.Cell>{documentLabels[row.document]}</Table.Cell>
            <Table.Cell>
              <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
            </Table.Cell>
            <Table.Cell>
              <StatusBadge status={row.status} />
            </Table.Cell>
            <Table.Cell>
              <Button
                variant="secondary"
                size="sm"
                aria-haspopup="dialog"
                onClick={() => setSelected(row)}
                {...action}
              >
                {row.status === 'pending' ? 'Review' : 'View'}
                <span className={visuallyHidden}> the KYC request of {row.user.email}</span>
              </Button>
            </Table.Cell>
          </Table.Row>
        )}
      />
      <ReviewDialog
        item={rowAsLoaded(selected, state)}
        noun="KYC request"
        onClose={() => setSelected(null)}
        onReviewed={reviewed}
        resolvedElsewhere={resolvedElsewhere}
        title={(row) => `KYC request of ${row.user.email}`}
        description={(row) => (
          <>
            <span className={styles.name}>{row.user.fullname}</span>, sent {formatDateTime(row.createdAt)}.
          </>
        )}
        details={(row) => (
          <div className={styles.review}>
            <ReceiptImage path={row.image} alt={`${documentLabels[row.document]} of ${row.user.fullname}`} />
            <dl className={styles.details}>
              <Detail term="Document">{documentLabels[row.document]}</Detail>
              <Detail term="Status">
                <StatusBadge status={row.status} />
              </Detail>
              {row.reviewedBy && <Detail term="Reviewed by">{row.reviewedBy.fullname}</Detail>}
              {row.reason && <Detail term="Reason">{row.reason}</Detail>}
            </dl>
          </div>
        )}
        confirmation={(row) => (
          <p className={styles.confirm}>
            Approve the identity of <span className={styles.name}>{row.user.fullname}</span> ({row.user.email}
            )? Their account shows as verified at once.
          </p>
        )}
        approveLabel={() => 'Approve identity'}
        reviewable={(row) => row.status === 'pending'}
        approve={(row) =>
          unwrap(api.POST('/admin/kyc/{kycId}/approve', { params: { path: { kycId: row._id } } }))
        }
        reject={(row, reason) =>
          unwrap(
            api.POST('/admin/kyc/{kycId}/reject', { params: { path: { kycId: row._id } }, body: { reason } }),
          )
        }
      />
    </DashboardPage>
  );
}
