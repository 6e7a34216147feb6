import {
  Card,
  CopyField,
  EmptyState,
  Money,
  Spinner,
  StatusBadge,
  Steps,
  Table,
  toast,
} from '@ledgerline/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { DashboardPage } from '../../../shared/DashboardPage';
import { formatDay } from '../../../shared/formatDate';
import * as styles from './ReferralsScreen.css';
import { referralLinkQuery, referralsQuery } from './referralData';
import { referralSteps } from './referralSteps';

/** The copyable link. A failed fetch is ignored silently, and the field is left out. */
function ReferralLink() {
  const link = useQuery(referralLinkQuery);
  if (link.isPending) {
    return (
      <div className={styles.linkWaiting}>
        <Spinner label="Loading your referral link" />
      </div>
    );
  }
  if (!link.data) return null;
  return <CopyField label="Your referral link" hideLabel value={link.data} mono />;
}

const columnCount = 4;

function ReferredPeople() {
  const referrals = useQuery(referralsQuery);
  const failure = referrals.isError ? referrals.error.msg : null;
  useEffect(() => {
    if (failure) toast.error(failure);
  }, [failure]);

  if (referrals.isSuccess && referrals.data.items.length === 0) {
    return (
      <EmptyState
        title="No referrals yet"
        description="When someone signs up with your link, they appear here with the bonus they earn you."
      />
    );
  }

  return (
    <div className={styles.people}>
      {referrals.data && (
        <p className={styles.total}>
          Bonuses earned: <Money amount={referrals.data.totalBonus} display="code" />
        </p>
      )}
      {/* On a phone the rows are stacked with CSS (see the styles), hence the explicit roles. */}
      <div className={styles.table.frame}>
        <Table.Root caption="People you referred" captionHidden className={styles.table.table} role="table">
          <Table.Head className={styles.table.head} role="rowgroup">
            <Table.Row role="row">
              <Table.ColumnHeader role="columnheader">Name</Table.ColumnHeader>
              <Table.ColumnHeader role="columnheader">Joined</Table.ColumnHeader>
              <Table.ColumnHeader role="columnheader">First deposit</Table.ColumnHeader>
              <Table.ColumnHeader numeric role="columnheader">
                Bonus earned
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Head>
          <Table.Body className={styles.table.body} role="rowgroup">
            {referrals.isPending && (
              <Table.Empty colSpan={columnCount}>
                <span className={styles.tableWaiting}>
                  <Spinner size="sm" label={null} />
                  <span role="status">Loading your referrals…</span>
                </span>
              </Table.Empty>
            )}
            {referrals.isError && (
              <Table.Empty colSpan={columnCount}>Your referrals could not be loaded.</Table.Empty>
            )}
            {referrals.data?.items.map((person) => (
              <Table.Row key={person._id} className={styles.table.row} role="row">
                <Table.RowHeader className={styles.table.leadCell} role="rowheader">
                  {person.name}
                </Table.RowHeader>
                <Table.Cell className={styles.table.cell} role="cell">
                  <span className={styles.table.cellLabel} aria-hidden="true">
                    Joined
                  </span>
                  <time dateTime={person.joinedAt}>{formatDay(person.joinedAt)}</time>
                </Table.Cell>
                <Table.Cell className={styles.table.cell} role="cell">
                  {person.firstDepositApproved ? (
                    <StatusBadge status="approved" />
                  ) : (
                    <StatusBadge status="pending" label="Not yet" />
                  )}
                </Table.Cell>
                <Table.Cell numeric className={styles.table.endCell} role="cell">
                  <span className={styles.table.cellLabel} aria-hidden="true">
                    Bonus
                  </span>
                  <Money amount={person.bonusEarned} display="code" />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </div>
    </div>
  );
}

/** /dashboard/referral-program: how referrals pay, the copyable link, and the people referred. */
export function ReferralsScreen() {
  return (
    <DashboardPage
      title="Referral Program"
      brief="Invite people you know. When their first deposit is approved, you earn a referral bonus."
    >
      <Card title="How it works" titleAs="h2">
        <Steps steps={referralSteps} orientation="horizontal" titleAs="h3" />
      </Card>
      <Card title="Your referral link" titleAs="h2">
        <ReferralLink />
      </Card>
      <Card title="Your referrals" titleAs="h2">
        <ReferredPeople />
      </Card>
    </DashboardPage>
  );
}
