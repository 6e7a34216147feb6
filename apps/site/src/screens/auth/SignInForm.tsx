import { ApiError, unwrap } from '@ledgerline/api-client';
import { toast } from '@ledgerline/ui';
import { useEffect, useRef, useState } from 'react';
import * as z from 'zod/mini';
import { api } from '../../api/api';
import { useAppForm } from '../../forms/appForm';
import { focusFirstInvalid } from '../../forms/fieldError';
import { emailRule, passwordRule } from '../../forms/rules';
import { submitHandler } from '../../forms/submitHandler';
import { useGoTo } from '../../layout/siteNavigation';
import { saveSession } from '../../session/session';
import * as styles from './AuthFrame.css';
import { TwoFactorSignInStep } from './TwoFactorSignInStep';

/** Sign-in needs a valid email and a password. */
export const signInSchema = z.object({ email: emailRule, password: passwordRule });

/** The success toast after sign-in, in exactly this wording. */
export const loginSuccessful = 'Login Successful';

type Session = Parameters<typeof saveSession>[0];

/**
 * The sign-in form: saves the whole answer as the session and goes to the overview (an admin, to the
 * back office). With two-factor on, the password's answer is a challenge: the code comes next.
 */
export function SignInForm() {
  const goTo = useGoTo();
  const formRef = useRef<HTMLFormElement>(null);
  const [challenge, setChallenge] = useState<string | null>(null);
  /** Set when the code step goes back, so that the password field takes focus as it shows again. */
  const returnedFromCode = useRef(false);
  useEffect(() => {
    if (challenge !== null || !returnedFromCode.current) return;
    returnedFromCode.current = false;
    formRef.current?.querySelector<HTMLElement>('input[name="password"]')?.focus();
  }, [challenge]);
  const signedIn = async (session: Session) => {
    saveSession(session);
    toast.success(loginSuccessful);
    // An admin's work is the back office; a user's, their dashboard.
    await goTo(session.role === 'admin' ? '/admin' : '/dashboard/overview');
  };
  const form = useAppForm({
    defaultValues: { email: '', password: '' },
    validators: { onChange: signInSchema, onSubmit: signInSchema },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: async ({ value }) => {
      try {
        const answer = await unwrap(
          api.POST('/auth/login', { body: { email: value.email.trim(), password: value.password } }),
        );
        if ('challenge' in answer) setChallenge(answer.challenge);
        else await signedIn(answer);
      } catch (error) {
        // With no answer at all, the toast shows the network error's message, which ApiError carries.
        toast.error(error instanceof ApiError ? error.msg : String(error));
      }
    },
  });

  if (challenge) {
    return (
      <TwoFactorSignInStep
        challenge={challenge}
        onSignedIn={signedIn}
        onBack={() => {
          // The password again, with the email kept: a fresh form, without messages about a
          // password the person has not had the chance to type yet.
          form.reset({ email: form.state.values.email, password: '' }, { keepDefaultValues: true });
          returnedFromCode.current = true;
          setChallenge(null);
        }}
      />
    );
  }

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
