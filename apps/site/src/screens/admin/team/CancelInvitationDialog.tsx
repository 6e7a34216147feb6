import { ApiError, type Schemas, unwrap } from '@ledgerline/api-client';
import { Button, Dialog, toast } from '@ledgerline/ui';
import { useState } from 'react';
import { api } from '../../../api/api';
import { showRequestFailure } from '../../../shared/requestFailure';
import { StepUpCodeField, stepUpBody, useStepUpRequired } from '../StepUpCodeField';
import * as styles from './TeamScreen.css';

type Invitation = Schemas['AdminInvitation'];

export type CancelInvitationDialogProps = {
  /** The invitation to cancel; null keeps the dialog closed. */
  invitation: Invitation | null;
  onClose: () => void;
  /** The invitation no longer waits (cancelled now, or cancelled or accepted before): the list loads again. */
  onCancelled: () => void;
  /** Where focus goes after a cancellation: the row's button that opened the dialog is gone. */
  focusAfterCancel: () => void;
};

/**
 * Cancelling an invitation, after a confirmation that names the address. Its link stops working at
 * once. It only takes a way in away, so it is done at once, with no second admin's approval (and
 * with a fresh code from the authenticator app when the admin has two-factor on). The server's answer
 * is a toast; an invitation cancelled or accepted meanwhile answers 409, said as a toast too.
 */
export function CancelInvitationDialog({
  invitation,
  onClose,
  onCancelled,
  focusAfterCancel,
}: CancelInvitationDialogProps) {
  // The last invitation stays shown while the dialog plays its closing transition.
  const [shown, setShown] = useState(invitation);
  const [gone, setGone] = useState(false);
  if (invitation !== null && invitation !== shown) {
    setShown(invitation);
    setGone(false);
  }
  const current = invitation ?? shown;
  return (
    <Dialog.Root
      open={invitation !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {current && (
        <Dialog.Content
          role="alertdialog"
          onCloseAutoFocus={(event) => {
            if (!gone) return;
            event.preventDefault();
            focusAfterCancel();
          }}
        >
          {/* Keyed: each invitation starts from an empty code. */}
          <CancelSteps
            key={current._id}
            invitation={current}
            onGone={() => {
              setGone(true);
              onCancelled();
            }}
            onClose={onClose}
          />
        </Dialog.Content>
      )}
    </Dialog.Root>
  );
}

function CancelSteps({
  invitation,
  onGone,
  onClose,
}: {
  invitation: Invitation;
  onGone: () => void;
  onClose: () => void;
}) {
  const codeRequired = useStepUpRequired();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const cancel = async () => {
    if (codeRequired && !/^\d{6}$/.test(code)) {
      setCodeError('Enter the 6-digit code from your authenticator app');
      return;
    }
    setCodeError(undefined);
    setBusy(true);
    try {
      const answer = await unwrap(
        api.DELETE('/admin/admin-invitations/{invitationId}', {
          params: { path: { invitationId: invitation._id } },
          body: stepUpBody(codeRequired, code),
        }),
      );
      toast.success(answer.msg);
      onGone();
      onClose();
    } catch (error) {
      // A refused code is said beside it, for the next one.
      if (codeRequired && error instanceof ApiError && error.status === 403) {
        setCode('');
        setCodeError(error.msg);
        return;
      }
      // Anything else as a toast, once the dialog has closed and no longer hides it. Cancelled or
      // accepted meanwhile (409), or gone (404): the list shows it as it now is.
      showRequestFailure(error);
      if (error instanceof ApiError && (error.status === 409 || error.status === 404)) onGone();
      onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Dialog.Title>Cancel the invitation to {invitation.email}?</Dialog.Title>
      <Dialog.Description>
        The link we mailed stops working at once. You can invite this address again later.
      </Dialog.Description>
      {codeRequired && (
        <Dialog.Body className={styles.form}>
          <StepUpCodeField
            value={code}
            error={codeError}
            onChange={(typed) => {
              setCode(typed);
              setCodeError(undefined);
            }}
          />
        </Dialog.Body>
      )}
      <Dialog.Footer>
        <Dialog.Close asChild>
          <Button variant="secondary" disabled={busy}>
            Keep it
          </Button>
        </Dialog.Close>
        <Button variant="danger" loading={busy} onClick={() => void cancel()}>
          Cancel invitation
        </Button>
      </Dialog.Footer>
    </>
  );
}
