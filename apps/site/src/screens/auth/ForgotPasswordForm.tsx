import { ApiError, unwrap } from '@ledgerline/api-client';
import { toast } from '@ledgerline/ui';
import { useRef, useState } from 'react';
import * as z from 'zod/mini';
import { api } from '../../api/api';
import { useAppForm } from '../../forms/appForm';
import { focusFirstInvalid } from '../../forms/fieldError';
import { emailRule } from '../../forms/rules';
import { submitHandler } from '../../forms/submitHandler';
import * as styles from './AuthFrame.css';

export const forgotPasswordSchema = z.object({ email: emailRule });

/** The forgot-password form: asks for a reset link and shows the server's msg. */
export function ForgotPasswordForm() {
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
  );
}
