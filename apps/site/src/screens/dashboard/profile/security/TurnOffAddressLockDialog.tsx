import { unwrap } from '@ledgerline/api-client';
import { useRef } from 'react';
import * as z from 'zod/mini';
import { api } from '../../../../api/api';
import { useAppForm } from '../../../../forms/appForm';
import { focusFirstInvalid } from '../../../../forms/fieldError';
import { appCodeRule } from '../../../../forms/rules';
import { submitHandler } from '../../../../forms/submitHandler';
import { SecurityFormDialog, useRefusal } from './SecurityFormDialog';

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
  const refusal = useRefusal();
  const form = useAppForm({
    defaultValues: { code: '' },
    validators: { onSubmit: codeSchema },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: ({ value, formApi }) =>
      refusal.attempt(async () => {
        const { msg } = await unwrap(
          api.PUT('/users/withdrawal-address-lock', {
            body: { enabled: false, twoFactorCode: value.code.trim() },
          }),
        );
        formApi.reset();
        onOpenChange(false);
        onTurnedOff(msg);
      }),
  });

  return (
    <SecurityFormDialog
      open={open}
      onClose={() => onOpenChange(false)}
      title="Turn off the address lock"
      description="Withdrawals will be allowed to any address. Enter the code your authenticator app shows now."
      form={form}
      formRef={formRef}
      onSubmit={submitHandler(form)}
      refusal={refusal}
      submit={
        <form.AppForm>
          <form.SubmitButton variant="danger">Turn off</form.SubmitButton>
        </form.AppForm>
      }
    >
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
    </SecurityFormDialog>
  );
}
