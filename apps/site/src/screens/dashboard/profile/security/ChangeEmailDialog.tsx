import { unwrap } from '@ledgerline/api-client';
import { useMemo, useRef } from 'react';
import * as z from 'zod/mini';
import { api } from '../../../../api/api';
import { useAppForm } from '../../../../forms/appForm';
import { focusFirstInvalid } from '../../../../forms/fieldError';
import { appCodeRule, emailRule, passwordRule } from '../../../../forms/rules';
import { submitHandler } from '../../../../forms/submitHandler';
import { SecurityFormDialog, useRefusal } from './SecurityFormDialog';

/** The new address and the password; while two-factor is on, the app's code as well. */
export function changeEmailSchema(twoFactorOn: boolean) {
  return z.object({
    newEmail: emailRule,
    password: passwordRule,
    twoFactorCode: twoFactorOn ? appCodeRule : z.string(),
  });
}

export type ChangeEmailDialogProps = {
  /** Whether the dialog is shown (controlled). */
  open: boolean;
  /** Called with `false` when the dialog closes. */
  onOpenChange: (open: boolean) => void;
  /** Called with the server's msg ("Check your inbox at …") once the link is on its way. */
  onRequested: (msg: string) => void;
  /** Whether the account has two-factor on: the change then needs a code from the app. */
  twoFactorOn: boolean;
};

/**
 * "Change your email": the new address and the password, and the app's code while two-factor is on.
 * Nothing changes until the link mailed to the new address is followed; the server's refusal (a
 * wrong password or code) shows above the buttons.
 */
export function ChangeEmailDialog({ open, onOpenChange, onRequested, twoFactorOn }: ChangeEmailDialogProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const refusal = useRefusal();
  const schema = useMemo(() => changeEmailSchema(twoFactorOn), [twoFactorOn]);
  const form = useAppForm({
    defaultValues: { newEmail: '', password: '', twoFactorCode: '' },
    validators: { onSubmit: schema },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: ({ value, formApi }) =>
      refusal.attempt(async () => {
        const { msg } = await unwrap(
          api.POST('/auth/email-change', {
            // Emails are lower-cased before they are sent, as sign-up does.
            body: {
              newEmail: value.newEmail.trim().toLowerCase(),
              password: value.password,
              ...(twoFactorOn ? { twoFactorCode: value.twoFactorCode.trim() } : {}),
            },
          }),
        );
        formApi.reset();
        onOpenChange(false);
        onRequested(msg);
      }),
  });

  return (
    <SecurityFormDialog
      open={open}
      onClose={() => onOpenChange(false)}
      title="Change your email"
      description="We will send a link to the new address. Your email changes only once you follow it, and your current address is told. Withdrawals pause for a while after the change, in case it was not you."
      form={form}
      formRef={formRef}
      onSubmit={submitHandler(form)}
      refusal={refusal}
      submit={
        <form.AppForm>
          <form.SubmitButton>Send the link</form.SubmitButton>
        </form.AppForm>
      }
    >
      <form.AppField name="newEmail">
        {(field) => <field.TextField label="New email" type="email" autoComplete="email" required />}
      </form.AppField>
      <form.AppField name="password">
        {(field) => <field.PasswordField label="Password" autoComplete="current-password" required />}
      </form.AppField>
      {twoFactorOn ? (
        <form.AppField name="twoFactorCode">{(field) => <field.AppCodeField />}</form.AppField>
      ) : null}
    </SecurityFormDialog>
  );
}
