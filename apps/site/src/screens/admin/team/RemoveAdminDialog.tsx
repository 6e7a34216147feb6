import { type Schemas, unwrap } from '@ledgerline/api-client';
import { Button, Dialog } from '@ledgerline/ui';
import { useState } from 'react';
import { api } from '../../../api/api';
import { SiteLink } from '../../../layout/siteNavigation';
import { showRequestFailure } from '../../../shared/requestFailure';
import * as reviewStyles from '../review/ReviewQueue.css';
import { StepUpCodeField, stepUpBody, useStepUpRequired } from '../StepUpCodeField';
import * as styles from './TeamScreen.css';

type Member = Schemas['AdminMember'];

export type RemoveAdminDialogProps = {
  /** The admin to remove; null keeps the dialog closed. */
  admin: Member | null;
  onClose: () => void;
};

/**
 * Removing an admin, after a confirmation that names them. It is always a proposal: another admin,
 * neither the one proposing nor the one removed, approves it, and only then is the account a user
 * again and signed out everywhere. The server refuses (409) removing the last admin, or what no one
 * could approve: the dialog closes and its message is shown as a toast.
 */
export function RemoveAdminDialog({ admin, onClose }: RemoveAdminDialogProps) {
  // The last admin stays shown while the dialog plays its closing transition.
  const [shown, setShown] = useState(admin);
  if (admin !== null && admin !== shown) setShown(admin);
  const current = admin ?? shown;
  return (
    <Dialog.Root
      open={admin !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {current && (
        <Dialog.Content role="alertdialog">
          {/* Keyed: each admin starts from the confirmation, not from the last one's outcome. */}
          <RemoveSteps key={current._id} admin={current} onClose={onClose} />
        </Dialog.Content>
      )}
    </Dialog.Root>
  );
}

function RemoveSteps({ admin, onClose }: { admin: Member; onClose: () => void }) {
  const codeRequired = useStepUpRequired();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [proposed, setProposed] = useState(false);

  const remove = async () => {
    if (codeRequired && !/^\d{6}$/.test(code)) {
      setCodeError('Enter the 6-digit code from your authenticator app');
      return;
    }
    setCodeError(undefined);
    setBusy(true);
    try {
      await unwrap(
        api.DELETE('/admin/admins/{userId}', {
          params: { path: { userId: admin._id } },
          body: stepUpBody(codeRequired, code),
        }),
      );
      setProposed(true);
    } catch (error) {
      // Refused (the last admin, no one to approve it, already proposed): the toast says why, once the
      // dialog has closed and no longer hides it.
      showRequestFailure(error);
      onClose();
    } finally {
      setBusy(false);
    }
  };

  if (proposed) {
    return (
      <>
        <Dialog.Title>Removal proposed</Dialog.Title>
        <Dialog.Description>
          Another admin must approve it. Until then, {admin.email} stays an admin.
        </Dialog.Description>
        <Dialog.Body>
          <p className={styles.note}>
            It waits in <SiteLink href="/admin/approvals">Approvals</SiteLink>.
          </p>
        </Dialog.Body>
        <Dialog.Footer>
          <Dialog.Close asChild>
            <Button>Done</Button>
          </Dialog.Close>
        </Dialog.Footer>
      </>
    );
  }
  return (
    <>
      <Dialog.Title>
        Remove <span className={reviewStyles.name}>{admin.fullname}</span>?
      </Dialog.Title>
      <Dialog.Description>
        {admin.email} becomes a user again and is signed out everywhere, once another admin approves it. That
        admin can be neither you nor them.
      </Dialog.Description>
      {codeRequired && (
        <Dialog.Body className={styles.form}>
          <StepUpCodeField value={code} onChange={setCode} error={codeError} />
        </Dialog.Body>
      )}
      <Dialog.Footer>
        <Dialog.Close asChild>
          <Button variant="secondary" disabled={busy}>
            Keep them
          </Button>
        </Dialog.Close>
        <Button variant="danger" loading={busy} onClick={() => void remove()}>
          Propose removal
        </Button>
      </Dialog.Footer>
    </>
  );
}
