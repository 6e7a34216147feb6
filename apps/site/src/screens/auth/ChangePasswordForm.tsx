import { ApiError, unwrap } from '@ledgerline/api-client';
import { toast } from '@ledgerline/ui';
import { useRef } from 'react';
import * as z from 'zod/mini';
import { api } from '../../api/api';
import { useAppForm } from '../../forms/appForm';
import { focusFirstInvalid } from '../../forms/fieldError';
import { confirmationMatches, confirmPasswordRule, passwordRule } from '../../forms/rules';
import { submitHandler } from '../../forms/submitHandler';
import { useGoTo } from '../../layout/siteNavigation';
import * as styles from './AuthFrame.css';

/** The new password is required; its confirmation is required and must match. */
export const resetPasswordSchema = z
  .object({ password: passwordRule, confirmPassword: confirmPasswordRule })
  .check(confirmationMatches);

/** The change-password form: sets a new password with the mailed link, then goes to /sign-in. */
export function ChangePasswordForm({ email, token }: { email: string; token: string }) {
  const goTo = useGoTo();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useAppForm({
    defaultValues: { password: '', confirmPassword: '' },
    validators: { onChange: resetPasswordSchema, onSubmit: resetPasswordSchema },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: async ({ value }) => {
      try {
        const answer = await unwrap(api.POST('/auth/reset-password', { body: { ...value, email, token } }));
        toast.success(answer.msg);
        await goTo('/sign-in');
      } catch (error) {
        toast.error(error instanceof ApiError ? error.msg : String(error));
      }
    },
  });

  return (
    <form ref={formRef} className={styles.form} noValidate onSubmit={submitHandler(form)}>
      <form.AppForm>
        <form.PasswordPair
          passwordLabel="New password"
          passwordHint="At least 8 characters. Avoid passwords you use elsewhere."
        />
        <form.SubmitButton fullWidth>Reset password</form.SubmitButton>
      </form.AppForm>
    </form>
  );
}
