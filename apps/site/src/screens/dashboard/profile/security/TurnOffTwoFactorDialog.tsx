import { unwrap } from '@ledgerline/api-client';
import { toast } from '@ledgerline/ui';
import { useRef } from 'react';
import * as z from 'zod/mini';
import { api } from '../../../../api/api';
import { useAppForm } from '../../../../forms/appForm';
import { focusFirstInvalid } from '../../../../forms/fieldError';
import { passwordRule, secondFactorRule } from '../../../../forms/rules';
import { submitHandler } from '../../../../forms/submitHandler';
import { SecurityFormDialog, useRefusal } from './SecurityFormDialog';

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
  const refusal = useRefusal();
  const form = useAppForm({
    defaultValues: { password: '', code: '' },
    validators: { onSubmit: turnOffSchema },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: ({ value, formApi }) =>
      refusal.attempt(async () => {
        const { msg } = await unwrap(
          api.POST('/auth/two-factor/disable', {
            body: { password: value.password, code: value.code.trim() },
          }),
        );
        toast.success(msg);
        formApi.reset();
        onOpenChange(false);
        onDisabled();
      }),
  });

  return (
    <SecurityFormDialog
      open={open}
      onClose={() => onOpenChange(false)}
      title="Turn off two-factor authentication"
      description="Sign-ins will need only your password. Enter it, and a code from your app or a recovery code."
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
    </SecurityFormDialog>
  );
}
