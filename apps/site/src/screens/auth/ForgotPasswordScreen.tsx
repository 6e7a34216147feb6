import { ApiError, unwrap } from '@ledgerline/api-client';
import { toast } from '@ledgerline/ui';
import { useRef, useState } from 'react';
import * as z from 'zod/mini';
import { api } from '../../api/api';
import { useAppForm } from '../../forms/appForm';
import { focusFirstInvalid } from '../../forms/fieldError';
import { emailRule } from '../../forms/rules';
import { submitHandler } from '../../forms/submitHandler';
import { SiteLink } from '../../layout/siteNavigation';
import { AuthFrame } from './AuthFrame';
import * as styles from './AuthFrame.css';

export const forgotPasswordSchema = z.object({ email: emailRule });

/** /forgot-password: asks for a reset link and shows the server's msg. */
export function ForgotPasswordScreen() {
  const formRef = useRef<HTMLFormElement>(null);
  const [sent, setSent] = useState<string | null>(null);
  const form = useAppForm({
    defaultValues: { email: '' },
    validators: { onChange: forgotPasswordSchema, onSubmit: forgotPasswordSchema },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: async ({ value }) => {
      try {
        const answer = await unwrap(
          api.POST('/auth/forgot-password', { body: { email: value.email.trim() } }),
        );
        setSent(answer.msg);
      } catch (error) {
        toast.error(error instanceof ApiError ? error.msg : String(error));
      }
    },
  });

  return (
    <AuthFrame
      title="Forgot your password?"
      brief="Enter the email you signed up with and we will send you a link to choose a new password."
    >
      <form ref={formRef} className={styles.form} noValidate onSubmit={submitHandler(form)}>
        <form.AppField name="email">
          {(field) => <field.TextField label="Email" type="email" autoComplete="email" required />}
        </form.AppField>
        <p role="status" className={sent ? styles.notice : undefined}>
          {sent}
        </p>
        <form.AppForm>
          <form.SubmitButton fullWidth>Send reset link</form.SubmitButton>
        </form.AppForm>
      </form>
      <p className={styles.links}>
        <SiteLink className={styles.link} href="/sign-in">
          Back to sign in
        </SiteLink>
      </p>
    </AuthFrame>
  );
}
