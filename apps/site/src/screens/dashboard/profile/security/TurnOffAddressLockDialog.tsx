import { ApiError, unwrap } from '@ledgerline/api-client';
import { Button, Dialog } from '@ledgerline/ui';
import { useRef, useState } from 'react';
import * as z from 'zod/mini';
import { api } from '../../../../api/api';
import { useAppForm } from '../../../../forms/appForm';
import { focusFirstInvalid } from '../../../../forms/fieldError';
import { appCodeRule } from '../../../../forms/rules';
import { submitHandler } from '../../../../forms/submitHandler';
import * as styles from './SecurityPanels.css';

const codeSchema = z.object({
  code: appCodeRule,
});

export type TurnOffAddressLockDialogProps = {
  /** Whether the dialog is shown (controlled). */
  open: boolean;
  /** Called with `false` when the dialog closes. */
  onOpenChange: (open: boolean) => void;
  /** Called with the server's message once the lock is off. */
  onTurnedOff: (msg: string) => void;
};

/**
 * Turning the address lock off while two-factor is on: a code from the app, since it is what a
 * thief in the account would need before sending money anywhere. The server's refusal shows above
 * the buttons.
 */
export function TurnOffAddressLockDialog({ open, onOpenChange, onTurnedOff }: TurnOffAddressLockDialogProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useAppForm({
    defaultValues: { code: '' },
    validators: { onSubmit: codeSchema },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: async ({ value, formApi }) => {
      setRefusal(null);
      try {
        const { msg } = await unwrap(
          api.PUT('/users/withdrawal-address-lock', {
            body: { enabled: false, twoFactorCode: value.code.trim() },
          }),
        );
        formApi.reset();
        onOpenChange(false);
        onTurnedOff(msg);
      } catch (error) {
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
        <Dialog.Title>Turn off the address lock</Dialog.Title>
        <Dialog.Description>
          Withdrawals will be allowed to any address. Enter the code your authenticator app shows now.
        </Dialog.Description>
        <form ref={formRef} noValidate onSubmit={submitHandler(form)}>
          <Dialog.Body className={styles.setupFields}>
            <form.AppField name="code">
              {(field) => (
                <field.TextField
                  label="Authentication code"
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  maxLength={6}
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
