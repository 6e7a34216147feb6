import { Card, Spinner, StatusBadge } from '@ledgerline/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DashboardPage } from '../../../shared/DashboardPage';
import { waiting } from '../../../shared/DashboardPage.css';
import { formatDay } from '../../../shared/formatDate';
import { KycForm } from './KycForm';
import * as styles from './KycScreen.css';
import { type KycRecord, latestKycQuery } from './kycData';

const formTitle = 'We need to verify your identity';
const formBrief =
  'Choose a verification method and upload one clear image of the document. Our team reviews every request.';

function ShieldIcon() {
  return (
    <svg viewBox="0 0 24 24" className={styles.resultIcon} aria-hidden="true" focusable="false">
      <path
        d="M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6l7-3Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinejoin="round"
      />
      <path
        d="M8.5 12.2l2.4 2.3 4.6-4.8"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** When the request is approved, a congratulations view replaces the form. */
function ApprovedView({ record }: { record: KycRecord }) {
  const day = record.resolvedAt ? formatDay(record.resolvedAt) : '';
  return (
    <DashboardPage title="Congratulations! Your identity is verified">
      <Card className={styles.result}>
        <div className={styles.resultHeader}>
          <ShieldIcon />
          <StatusBadge status="approved" label="Verified" />
        </div>
        <p className={styles.resultText}>
          Your passport was approved{day && ` on ${day}`}. There is nothing more to do here.
        </p>
      </Card>
    </DashboardPage>
  );
}

function PendingView({ record }: { record: KycRecord }) {
  const day = formatDay(record.createdAt);
  return (
    <DashboardPage title="Your verification is awaiting review">
      <Card className={styles.result}>
        <StatusBadge status="pending" label="Awaiting review" />
        <p className={styles.resultText}>
          We received your passport{day && ` on ${day}`}. Our team reviews it, and this page shows the result.
        </p>
      </Card>
    </DashboardPage>
  );
}

function RejectedNotice({ record }: { record: KycRecord }) {
  const day = record.resolvedAt ? formatDay(record.resolvedAt) : '';
  return (
    <section className={styles.rejected} aria-labelledby="kyc-rejected">
      <div className={styles.rejectedHeader}>
        <h2 id="kyc-rejected" className={styles.rejectedTitle}>
          Your last request was not approved
        </h2>
        <StatusBadge status="rejected" />
      </div>
      {record.reason && (
        <p>
          <span className={styles.reasonLabel}>Reviewer’s reason{day && ` (${day})`}:</span> {record.reason}
        </p>
      )}
      <p>Please send a new image below.</p>
    </section>
  );
}

/**
 * /dashboard/kyc: a spinner while the latest request loads; then the congratulations view when it is
 * approved, the waiting view when it is pending, or the form (with the reviewer's reason after a
 * rejection, and when there is no request or it could not be fetched).
 */
export function KycScreen() {
  const kyc = useQuery(latestKycQuery);
  const queryClient = useQueryClient();
  const reload = () => void queryClient.invalidateQueries({ queryKey: latestKycQuery.queryKey });

  if (kyc.isPending) {
    return (
      <DashboardPage title="Identity verification">
        <div className={waiting}>
          <Spinner size="lg" label="Loading your verification status" />
        </div>
      </DashboardPage>
    );
  }

  const record = kyc.data ?? null;
  if (record?.status === 'approved') return <ApprovedView record={record} />;
  if (record?.status === 'pending') return <PendingView record={record} />;
  return (
    <DashboardPage title={formTitle} brief={formBrief}>
      {record?.status === 'rejected' && <RejectedNotice record={record} />}
      <Card className={styles.formCard}>
        <KycForm onSent={reload} />
      </Card>
    </DashboardPage>
  );
}
