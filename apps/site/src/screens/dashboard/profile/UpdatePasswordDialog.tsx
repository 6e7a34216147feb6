import { ApiError, unwrap } from '@ledgerline/api-client';
import { Button, Dialog, toast } from '@ledgerline/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import * as z from 'zod/mini';
import { api } from '../../../api/api';
import { useAppForm } from '../../../forms/appForm';
import { focusFirstInvalid } from '../../../forms/fieldError';
import { appCodeRule, confirmationMatches, confirmPasswordRule } from '../../../forms/rules';
import { submitHandler } from '../../../forms/submitHandler';
import { showRequestFailure } from '../../../shared/requestFailure';
import { securityQuery } from '../../../shared/securityQuery';
import * as styles from './ProfileScreen.css';

/** The password policy, as the new password's hint. */
export const passwordPolicyHint = 'At least 8 characters, and not a commonly used password.';

/**
 * The current password, then the new one and its confirmation (which must match). The new one must
 * have the policy's 8 characters, counted as a person counts them; that it is not a common password
 * only the server knows. While two-factor is on, the app's code as well.
 */
export const passwordChangeSchema = (twoFactorOn: boolean) =>
  z
    .object({
      currentPassword: z.string().check(z.minLength(1, 'Current password is required')),
      password: z.string().check(
        z.minLength(1, 'New password is required'),
        z.refine(
          (password) => password === '' || [...password].length >= 8,
          'The new password must be at least 8 characters',
        ),
      ),
      confirmPassword: confirmPasswordRule,
      twoFactorCode: twoFactorOn ? appCodeRule : z.string(),
    })
    .check(confirmationMatches);

type PasswordChangeForm = {
  currentPassword: string;
  password: string;
  confirmPassword: string;
  twoFactorCode: string;
};

/** Which field a refusal of the server belongs under, in the words a person reads. */
export type PasswordChangeRefusal = {
  field: 'currentPassword' | 'password' | 'twoFactorCode';
  message: string;
};

/**
 * The server's refusals as a person reads them, under the field they concern: a wrong current
 * password, and the policy's reasons for refusing the new one (`newPassword is one of the most
 * commonly used passwords…` reads "The new password is one of…"). The server writes its messages for
 * the API's callers, naming its fields, so no other 400 is shown as it is worded: it gets one plain
 * sentence.
 */
export function passwordChangeRefusal(error: ApiError): PasswordChangeRefusal | null {
  // A missing or wrong code (403) is the server's own plain sentence, said under the code.
  if (error.status === 403) return { field: 'twoFactorCode', message: error.msg };
  if (error.status !== 400) return null;
  if (error.msg === 'currentPassword is incorrect') {
    return { field: 'currentPassword', message: 'The current password is incorrect' };
  }
  const policy = /^newPassword ((?:must be at least|is one of the most commonly used).*)$/.exec(error.msg);
  if (policy) return { field: 'password', message: `The new password ${policy[1]}` };
  return null;
}

/** What a refusal that names no field says, instead of the validator's wording. */
export const passwordChangeFailed =
  'The password could not be changed. Check the three fields and try again.';

/**
 * "Change Password" and its "Update Password" dialog: the current password, the new one (with the
 * policy as its hint) and its confirmation, and the app's code while two-factor is on, checked here
 * first; the server's refusals are shown under the field they concern. Only `currentPassword`,
 * `newPassword` and (with two-factor on) `twoFactorCode` are sent.
 */
export function ChangePassword() {
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<PasswordChangeRefusal | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const security = useQuery(securityQuery);
  const twoFactorOn = security.isSuccess && security.data.twoFactorEnabled;
  const schema = useMemo(() => passwordChangeSchema(twoFactorOn), [twoFactorOn]);
  const form = useAppForm({
    defaultValues: {
      currentPassword: '',
      password: '',
      confirmPassword: '',
      twoFactorCode: '',
    } satisfies PasswordChangeForm,
    validators: { onChange: schema, onSubmit: schema },
    // A refusal stands until the field it concerns is changed.
    listeners: {
      onChange: ({ fieldApi }) =>
        setRefusal((current) => (current?.field === fieldApi.name ? null : current)),
    },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: async ({ value, formApi }) => {
      setRefusal(null);
      try {
        const { msg } = await unwrap(
          api.PATCH('/users/user-info', {
            body: {
              currentPassword: value.currentPassword,
              newPassword: value.password,
              ...(twoFactorOn ? { twoFactorCode: value.twoFactorCode.trim() } : {}),
            },
          }),
        );
        toast.success(msg);
        formApi.reset();
        setOpen(false);
      } catch (error) {
        const known = error instanceof ApiError ? passwordChangeRefusal(error) : null;
        if (known) {
          setRefusal(known);
        } else if (error instanceof ApiError && error.status === 400) {
          toast.error(passwordChangeFailed);
        } else {
          showRequestFailure(error);
        }
      }
    },
  });

  // A refusal moves focus to its field once it shows there, so its message is read out.
  useEffect(() => {
    if (refusal) formRef.current?.querySelector<HTMLElement>(`[name="${refusal.field}"]`)?.focus();
  }, [refusal]);

  const errorOf = (field: PasswordChangeRefusal['field']) =>
    refusal?.field === field ? refusal.message : undefined;

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          form.reset();
          setRefusal(null);
        }
        setOpen(next);
      }}
    >
      <Dialog.Trigger asChild>
        <Button variant="secondary">Change Password</Button>
      </Dialog.Trigger>
      <Dialog.Content>
        <Dialog.Title>Update Password</Dialog.Title>
        <Dialog.Description>Enter your current password, then the new one twice.</Dialog.Description>
        <form ref={formRef} noValidate onSubmit={submitHandler(form)} className={styles.dialogForm}>
          <Dialog.Body className={styles.fields}>
            <form.AppField name="currentPassword">
              {(field) => (
                <field.PasswordField
                  label="Current Password"
                  autoComplete="current-password"
                  required
                  immediateError={errorOf('currentPassword')}
                />
              )}
            </form.AppField>
            <form.AppForm>
              <form.PasswordPair
                passwordLabel="New Password"
                confirmLabel="Confirm New Password"
                passwordHint={passwordPolicyHint}
                passwordError={errorOf('password')}
              />
            </form.AppForm>
            {twoFactorOn ? (
              <form.AppField name="twoFactorCode">
                {(field) => <field.AppCodeField immediateError={errorOf('twoFactorCode')} />}
              </form.AppField>
            ) : null}
          </Dialog.Body>
          <Dialog.Footer>
            <Dialog.Close asChild>
              <Button variant="secondary">Cancel</Button>
            </Dialog.Close>
            <form.AppForm>
              <form.SubmitButton>Update Password</form.SubmitButton>
            </form.AppForm>
          </Dialog.Footer>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
