import { ApiError, type Schemas, unwrap } from '@ledgerline/api-client';
import { Button, Dialog } from '@ledgerline/ui';
import { useRef, useState } from 'react';
import * as z from 'zod/mini';
import { api } from '../../../api/api';
import { useAppForm } from '../../../forms/appForm';
import { focusFirstInvalid } from '../../../forms/fieldError';
import { emailRule } from '../../../forms/rules';
import { submitHandler } from '../../../forms/submitHandler';
import { SiteLink } from '../../../layout/siteNavigation';
import { formatDateTime } from '../../../shared/formatDate';
import { showRequestFailure } from '../../../shared/requestFailure';
import { Detail } from '../review/ReviewDialog';
import * as reviewStyles from '../review/ReviewQueue.css';
import { StepUpCodeField, stepUpBody, useStepUpRequired } from '../StepUpCodeField';
import * as styles from './TeamScreen.css';

const inviteSchema = z.object({ email: emailRule });

/** What the server answered: the invitation made, or the proposal a second admin must approve. */
type Outcome = Schemas['AdminInvited'] | Schemas['ApprovalProposed'];

export type InviteAdminDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The team changed (an invitation was made): the list loads again. */
  onInvited: () => void;
};

/**
 * "Invite an admin": an email (and a fresh code from the authenticator app when the admin has
 * two-factor on: a new admin can move money). While the platform has one admin the link is mailed at
 * once; with two or more, the invitation waits for a second admin's approval.
 */
export function InviteAdminDialog({ open, onOpenChange, onInvited }: InviteAdminDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {/* Content unmounts when the dialog closes: each opening starts from an empty form. */}
      <Dialog.Content>
        <InviteSteps onInvited={onInvited} />
      </Dialog.Content>
    </Dialog.Root>
  );
}

function InviteSteps({ onInvited }: { onInvited: () => void }) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  if (outcome) return <InviteOutcome outcome={outcome} />;
  return (
    <InviteForm
      onDone={(answer) => {
        setOutcome(answer);
        onInvited();
      }}
    />
  );
}

function InviteForm({ onDone }: { onDone: (outcome: Outcome) => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const codeRequired = useStepUpRequired();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  // The server's refusal of the address (an admin's, invited already): shown under the field.
  const [emailRefused, setEmailRefused] = useState<string | undefined>();
  const form = useAppForm({
    defaultValues: { email: '' },
    validators: { onChange: inviteSchema, onSubmit: inviteSchema },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: async ({ value }) => {
      if (codeRequired && !/^\d{6}$/.test(code)) {
        setCodeError('Enter the 6-digit code from your authenticator app');
        return;
      }
      setCodeError(undefined);
      setEmailRefused(undefined);
      try {
        const answer = await unwrap(
          api.POST('/admin/admins', {
            body: { email: value.email.trim(), ...stepUpBody(codeRequired, code) },
          }),
        );
        onDone(answer);
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) {
          setEmailRefused(error.msg);
          formRef.current?.querySelector<HTMLElement>('[name="email"]')?.focus();
        } else showRequestFailure(error);
      }
    },
  });

  return (
    <>
      <Dialog.Title>Invite an admin</Dialog.Title>
      <Dialog.Description>
        We mail them a link to join the back office. It works once, for 72 hours.
      </Dialog.Description>
      <form ref={formRef} noValidate onSubmit={submitHandler(form)}>
        <Dialog.Body className={styles.form}>
          <form.AppField name="email" listeners={{ onChange: () => setEmailRefused(undefined) }}>
            {(field) => (
              <field.TextField
                label="Email"
                type="email"
                required
                autoComplete="off"
                spellCheck={false}
                immediateError={emailRefused}
              />
            )}
          </form.AppField>
          {codeRequired && <StepUpCodeField value={code} onChange={setCode} error={codeError} />}
        </Dialog.Body>
        <Dialog.Footer>
          <Dialog.Close asChild>
            <Button variant="secondary">Cancel</Button>
          </Dialog.Close>
          <form.AppForm>
            <form.SubmitButton>Send invitation</form.SubmitButton>
          </form.AppForm>
        </Dialog.Footer>
      </form>
    </>
  );
}

function InviteOutcome({ outcome }: { outcome: Outcome }) {
  const proposed = 'approval' in outcome;
  const email = proposed ? (outcome.approval.admin?.email ?? '') : outcome.invitation.email;
  return (
    <>
      <Dialog.Title>{proposed ? 'Invitation proposed' : 'Invitation sent'}</Dialog.Title>
      <Dialog.Description>
        {proposed
          ? 'Another admin must approve it before the link is mailed.'
          : 'They can join the back office with the link in the mail.'}
      </Dialog.Description>
      <Dialog.Body>
        <dl className={reviewStyles.details}>
          <Detail term="Email">{email}</Detail>
          {!proposed && (
            <Detail term="Link valid until">{formatDateTime(outcome.invitation.expiresAt)}</Detail>
          )}
        </dl>
        {proposed && (
          <p className={styles.note}>
            It waits in <SiteLink href="/admin/approvals">Approvals</SiteLink>.
          </p>
        )}
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.Close asChild>
          <Button>Done</Button>
        </Dialog.Close>
      </Dialog.Footer>
    </>
  );
}
