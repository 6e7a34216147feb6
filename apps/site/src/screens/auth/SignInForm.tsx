import { ApiError, unwrap } from '@ledgerline/api-client';
import { toast } from '@ledgerline/ui';
import { useRef } from 'react';
import * as z from 'zod/mini';
import { api } from '../../api/api';
import { useAppForm } from '../../forms/appForm';
import { focusFirstInvalid } from '../../forms/fieldError';
import { emailRule, passwordRule } from '../../forms/rules';
import { submitHandler } from '../../forms/submitHandler';
import { useGoTo } from '../../layout/siteNavigation';
import { saveSession } from '../../session/session';
import * as styles from './AuthFrame.css';

/** Sign-in needs a valid email and a password. */
export const signInSchema = z.object({ email: emailRule, password: passwordRule });

/** The success toast after sign-in, in exactly this wording. */
export const loginSuccessful = 'Login Successful';

/** The sign-in form: saves the whole answer as the session and goes to the overview. */
export function SignInForm() {
  const goTo = useGoTo();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useAppForm({
    defaultValues: { email: '', password: '' },
    validators: { onChange: signInSchema, onSubmit: signInSchema },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: async ({ value }) => {
      try {
        const session = await unwrap(
          api.POST('/auth/login', { body: { email: value.email.trim(), password: value.password } }),
        );
        saveSession(session);
        toast.success(loginSuccessful);
        // An admin's work is the back office; a user's, their dashboard.
        await goTo(session.role === 'admin' ? '/admin' : '/dashboard/overview');
      } catch (error) {
        // With no answer at all, the toast shows the network error's message, which ApiError carries.
        toast.error(error instanceof ApiError ? error.msg : String(error));
      }
    },
  });

  return (
    <form ref={formRef} className={styles.form} noValidate onSubmit={submitHandler(form)}>
      <form.AppField name="email">
        {(field) => <field.TextField label="Email" type="email" autoComplete="email" required />}
      </form.AppField>
      <form.AppField name="password">
        {(field) => <field.PasswordField label="Password" autoComplete="current-password" required />}
      </form.AppField>
      <form.AppForm>
        <form.SubmitButton fullWidth>Sign in</form.SubmitButton>
      </form.AppForm>
    </form>
  );
}
