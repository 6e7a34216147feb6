import type { Schemas } from '@ledgerline/api-client';
import { Badge, Button, Card, EmptyState, Spinner, Table, visuallyHidden } from '@ledgerline/ui';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useReload } from '../../../api/queryClient';
import { DashboardPage } from '../../../shared/DashboardPage';
import { formatDateTime } from '../../../shared/formatDate';
import * as reviewStyles from '../review/ReviewQueue.css';
import { CancelInvitationDialog } from './CancelInvitationDialog';
import { InviteAdminDialog } from './InviteAdminDialog';
import { RemoveAdminDialog } from './RemoveAdminDialog';
import * as styles from './TeamScreen.css';
import { teamQuery } from './teamQuery';

type Member = Schemas['AdminMember'];
type Invitation = Schemas['AdminInvitation'];

/**
 * /admin/team: the admins of the platform and the invitations not yet accepted. "Invite an admin"
 * mails a link (at once while there is one admin; once another admin approves it when there are
 * more); "Remove" proposes making an admin a user again, which another admin approves. Both wait in
 * Approvals when they need a second admin. "Cancel invitation" kills a waiting invitation's link at
 * once: it only takes a way in away, so no second admin is asked.
 */
export function TeamScreen() {
  const team = useQuery(teamQuery);
  const reload = useReload(teamQuery.queryKey);
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [cancelling, setCancelling] = useState<Invitation | null>(null);
  const inviteButton = useRef<HTMLButtonElement>(null);

  return (
    <DashboardPage
      title="Team"
      brief="The admins of the back office. Once there are two, changing the team needs a second admin's approval."
      actions={
        <Button ref={inviteButton} aria-haspopup="dialog" onClick={() => setInviting(true)}>
          Invite an admin
        </Button>
      }
    >
      {team.isPending ? (
        <div className={reviewStyles.loading}>
          <Spinner label="Loading the team" size="lg" />
        </div>
      ) : team.isError ? (
        <EmptyState title="The team could not be loaded" description={team.error.msg} />
      ) : (
        <div className={styles.sections}>
          <Card padding="none">
            <Table.Root caption="Admins">
              <Table.Head>
                <Table.Row>
                  <Table.ColumnHeader>Admin</Table.ColumnHeader>
                  <Table.ColumnHeader>Two-factor</Table.ColumnHeader>
                  <Table.ColumnHeader>Admin since</Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <span className={visuallyHidden}>Actions</span>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Head>
              <Table.Body>
                {team.data.items.map((admin) => (
                  <Table.Row key={admin._id}>
                    <Table.RowHeader>
                      <span className={reviewStyles.user}>{admin.fullname}</span>
                      <span className={reviewStyles.meta}>{admin.email}</span>
                    </Table.RowHeader>
                    <Table.Cell>
                      {admin.twoFactorEnabled ? (
                        <Badge tone="success">On</Badge>
                      ) : (
                        <Badge tone="warning">Off</Badge>
                      )}
                    </Table.Cell>
                    <Table.Cell>
                      <time dateTime={admin.since}>{formatDateTime(admin.since)}</time>
                    </Table.Cell>
                    <Table.Cell>
                      <Button
                        variant="secondary"
                        size="sm"
                        aria-haspopup="dialog"
                        onClick={() => setRemoving(admin)}
                      >
                        Remove<span className={visuallyHidden}> {admin.email}</span>
                      </Button>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Card>
          <Card padding="none">
            <Table.Root caption="Invitations waiting">
              <Table.Head>
                <Table.Row>
                  <Table.ColumnHeader>Email</Table.ColumnHeader>
                  <Table.ColumnHeader>Invited by</Table.ColumnHeader>
                  <Table.ColumnHeader>Link valid until</Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <span className={visuallyHidden}>Actions</span>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Head>
              <Table.Body>
                {team.data.invitations.length === 0 ? (
                  <Table.Empty colSpan={4}>No invitation is waiting.</Table.Empty>
                ) : (
                  team.data.invitations.map((invitation) => (
                    <Table.Row key={invitation._id}>
                      <Table.RowHeader>{invitation.email}</Table.RowHeader>
                      <Table.Cell>
                        <span className={reviewStyles.user}>{invitation.invitedBy.fullname}</span>
                      </Table.Cell>
                      <Table.Cell>
                        <time dateTime={invitation.expiresAt}>{formatDateTime(invitation.expiresAt)}</time>
                      </Table.Cell>
                      <Table.Cell>
                        <Button
                          variant="secondary"
                          size="sm"
                          aria-haspopup="dialog"
                          onClick={() => setCancelling(invitation)}
                        >
                          Cancel invitation<span className={visuallyHidden}> to {invitation.email}</span>
                        </Button>
                      </Table.Cell>
                    </Table.Row>
                  ))
                )}
              </Table.Body>
            </Table.Root>
          </Card>
        </div>
      )}
      <InviteAdminDialog open={inviting} onOpenChange={setInviting} onInvited={reload} />
      <RemoveAdminDialog admin={removing} onClose={() => setRemoving(null)} />
      <CancelInvitationDialog
        invitation={cancelling}
        onClose={() => setCancelling(null)}
        onCancelled={reload}
        focusAfterCancel={() => inviteButton.current?.focus()}
      />
    </DashboardPage>
  );
}
