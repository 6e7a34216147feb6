import { ApiError, unwrap } from '@ledgerline/api-client';
import { Button, Dialog, toast } from '@ledgerline/ui';
import { useRef, useState } from 'react';
import * as z from 'zod/mini';
import { api } from '../../../../api/api';
import { useAppForm } from '../../../../forms/appForm';
import { focusFirstInvalid } from '../../../../forms/fieldError';
import { passwordRule, secondFactorRule } from '../../../../forms/rules';
import { submitHandler } from '../../../../forms/submitHandler';
import * as styles from './SecurityPanels.css';

const turnOffSchema = z.object({ password: passwordRule, code: secondFactorRule });

export type TurnOffTwoFactorDialogProps = {
  /** Whether the dialog is shown (controlled). */
  open: boolean;
  /** Called with `false` when the dialog closes. */
  onOpenChange: (open: boolean) => void;
  /** Called once the server has turned two-factor off. */
  onDisabled: () => void;
};

/**
 * "Turn off two-factor authentication": the account's password and a code (from the app, or a
 * recovery code). The server does not say which of the two was wrong, so its refusal is shown above
 * the buttons rather than under one field.
 */
export function TurnOffTwoFactorDialog({ open, onOpenChange, onDisabled }: TurnOffTwoFactorDialogProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useAppForm({
    defaultValues: { password: '', code: '' },
    validators: { onSubmit: turnOffSchema },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: async ({ value, formApi }) => {
      setRefusal(null);
      try {
        const { msg } = await unwrap(
          api.POST('/auth/two-factor/disable', {
            body: { password: value.password, code: value.code.trim() },
          }),
        );
        toast.success(msg);
        formApi.reset();
        onOpenChange(false);
        onDisabled();
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
        <Dialog.Title>Turn off two-factor authentication</Dialog.Title>
        <Dialog.Description>
          Sign-ins will need only your password. Enter it, and a code from your app or a recovery code.
        </Dialog.Description>
        <form ref={formRef} noValidate onSubmit={submitHandler(form)}>
          <Dialog.Body className={styles.setupFields}>
            <form.AppField name="password">
              {(field) => <field.PasswordField label="Password" autoComplete="current-password" required />}
            </form.AppField>
            <form.AppField name="code">
              {(field) => (
                <field.TextField
                  label="Code from the app or a recovery code"
                  autoComplete="one-time-code"
                  inputMode="text"
                  maxLength={20}
                  spellCheck={false}
                  required
                />
              )}
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
              <form.SubmitButton variant="danger">Turn off</form.SubmitButton>
            </form.AppForm>
          </Dialog.Footer>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
