import { ApiError, unwrap } from '@ledgerline/api-client';
import { Button, Dialog } from '@ledgerline/ui';
import { useRef, useState } from 'react';
import * as z from 'zod/mini';
import { api } from '../../../../api/api';
import { useAppForm } from '../../../../forms/appForm';
import { focusFirstInvalid } from '../../../../forms/fieldError';
import { emailRule, passwordRule } from '../../../../forms/rules';
import { submitHandler } from '../../../../forms/submitHandler';
import * as styles from './SecurityPanels.css';

const changeEmailSchema = z.object({ newEmail: emailRule, password: passwordRule });

export type ChangeEmailDialogProps = {
  /** Whether the dialog is shown (controlled). */
  open: boolean;
  /** Called with `false` when the dialog closes. */
  onOpenChange: (open: boolean) => void;
  /** Called with the server's msg ("Check your inbox at …") once the link is on its way. */
  onRequested: (msg: string) => void;
};

/**
 * "Change your email": the new address and the password. Nothing changes until the link mailed to
 * the new address is followed; the server's refusal (a wrong password) shows above the buttons.
 */
export function ChangeEmailDialog({ open, onOpenChange, onRequested }: ChangeEmailDialogProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useAppForm({
    defaultValues: { newEmail: '', password: '' },
    validators: { onSubmit: changeEmailSchema },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: async ({ value, formApi }) => {
      setRefusal(null);
      try {
        const { msg } = await unwrap(
          api.POST('/auth/email-change', {
            // Emails are lower-cased before they are sent, as sign-up does.
            body: { newEmail: value.newEmail.trim().toLowerCase(), password: value.password },
          }),
        );
        formApi.reset();
        onOpenChange(false);
        onRequested(msg);
      } catch (error) {
        // A 401 has ended the session, and the api client has said so.
        if (error instanceof ApiError && error.status === 401) return;
        setRefusal(error instanceof ApiError ? error.msg : String(error));
      }
    },
  });

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          form.reset();
          setRefusal(null);
        }
        onOpenChange(next);
      }}
    >
      <Dialog.Content>
        <Dialog.Title>Change your email</Dialog.Title>
        <Dialog.Description>
          We will send a link to the new address. Your email changes only once you follow it, and your current
          address is told. Withdrawals pause for a while after the change, in case it was not you.
        </Dialog.Description>
        <form ref={formRef} noValidate onSubmit={submitHandler(form)}>
          <Dialog.Body className={styles.setupFields}>
            <form.AppField name="newEmail">
              {(field) => <field.TextField label="New email" type="email" autoComplete="email" required />}
            </form.AppField>
            <form.AppField name="password">
              {(field) => <field.PasswordField label="Password" autoComplete="current-password" required />}
            </form.AppField>
            {refusal && (
              <p role="alert" className={styles.formError}>
                {refusal}
              </p>
            )}
          </Dialog.Body>
          <Dialog.Footer>
            <Dialog.Close asChild>
              <Button variant="secondary">Cancel</Button>
            </Dialog.Close>
            <form.AppForm>
              <form.SubmitButton>Send the link</form.SubmitButton>
            </form.AppForm>
          </Dialog.Footer>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
