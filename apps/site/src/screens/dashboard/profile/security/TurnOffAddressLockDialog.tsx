import { unwrap } from '@ledgerline/api-client';
import { useRef } from 'react';
import * as z from 'zod/mini';
import { api } from '../../../../api/api';
import { useAppForm } from '../../../../forms/appForm';
import { focusFirstInvalid } from '../../../../forms/fieldError';
import { appCodeRule, passwordRule } from '../../../../forms/rules';
import { submitHandler } from '../../../../forms/submitHandler';
import { SecurityFormDialog, useRefusal } from './SecurityFormDialog';

type TurnOffValues = { code: string; password: string };
/** With two-factor on, a code from the app; else the password. */
const codeSchema: z.ZodMiniType<TurnOffValues, TurnOffValues> = z.object({
  code: appCodeRule,
  password: z.string(),
});
const passwordSchema: z.ZodMiniType<TurnOffValues, TurnOffValues> = z.object({
  code: z.string(),
  password: passwordRule,
});

export type TurnOffAddressLockDialogProps = {
  /** Whether the dialog is shown (controlled). */
  open: boolean;
  /** Called with `false` when the dialog closes. */
  onOpenChange: (open: boolean) => void;
  /** Whether the account has two-factor on: a code from the app is asked for, else the password. */
  twoFactorOn: boolean;
  /** How long the turning off waits, as the panel says it ("after 24 hours"). */
  holdText: string;
  /** Called with the server's message once the turning off is asked for. */
  onTurnedOff: (msg: string) => void;
};

/**
 * Turning the address lock off: a code from the app while two-factor is on, else the password, since
 * it is what a thief in the account would need before sending money anywhere. It takes effect only
 * after the hold, and the mail the owner gets can cancel it until then. The server's refusal shows
 * above the buttons.
 */
export function TurnOffAddressLockDialog({
  open,
  onOpenChange,
  twoFactorOn,
  holdText,
  onTurnedOff,
}: TurnOffAddressLockDialogProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const refusal = useRefusal();
  const form = useAppForm({
    defaultValues: { code: '', password: '' },
    validators: { onSubmit: twoFactorOn ? codeSchema : passwordSchema },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: ({ value, formApi }) =>
      refusal.attempt(async () => {
        const { msg } = await unwrap(
          api.PUT('/users/withdrawal-address-lock', {
            body: twoFactorOn
              ? { enabled: false, twoFactorCode: value.code.trim() }
              : { enabled: false, password: value.password },
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
      description={`Withdrawals will be allowed to any address ${holdText}; the mail we send you can cancel it before then. ${twoFactorOn ? 'Enter the code your authenticator app shows now.' : 'Enter your password.'}`}
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
      {twoFactorOn ? (
        <form.AppField name="code">{(field) => <field.AppCodeField hint={null} />}</form.AppField>
      ) : (
        <form.AppField name="password">
          {(field) => <field.PasswordField label="Password" autoComplete="current-password" required />}
        </form.AppField>
      )}
    </SecurityFormDialog>
  );
}
