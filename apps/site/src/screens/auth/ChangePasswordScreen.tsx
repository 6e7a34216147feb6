import { ApiError, unwrap } from '@ledgerline/api-client';
import { Button, toast } from '@ledgerline/ui';
import { useRef } from 'react';
import * as z from 'zod/mini';
import { api } from '../../api/api';
import { useAppForm } from '../../forms/appForm';
import { focusFirstInvalid } from '../../forms/fieldError';
import { confirmationMatches, confirmPasswordRule, passwordRule } from '../../forms/rules';
import { submitHandler } from '../../forms/submitHandler';
import { SiteLink, useGoTo } from '../../layout/siteNavigation';
import { AuthFrame } from './AuthFrame';
import * as styles from './AuthFrame.css';

/** The new password is required; its confirmation is required and must match. */
export const resetPasswordSchema = z
  .object({ password: passwordRule, confirmPassword: confirmPasswordRule })
  .check(confirmationMatches);

export type ChangePasswordScreenProps = {
  /** From the mailed link's `?email=`. */
  email?: string;
  /** From the mailed link's `?token=`. */
  token?: string;
};

/** /change-password: sets a new password with the mailed link, then goes to /sign-in. */
export function ChangePasswordScreen({ email, token }: ChangePasswordScreenProps) {
  const goTo = useGoTo();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useAppForm({
    defaultValues: { password: '', confirmPassword: '' },
    validators: { onChange: resetPasswordSchema, onSubmit: resetPasswordSchema },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: async ({ value }) => {
      if (!email || !token) return;
      try {
        const answer = await unwrap(api.POST('/auth/reset-password', { body: { ...value, email, token } }));
        toast.success(answer.msg);
        await goTo('/sign-in');
      } catch (error) {
        toast.error(error instanceof ApiError ? error.msg : String(error));
      }
    },
  });

  if (!email || !token) {
    return (
      <AuthFrame
        title="This reset link is incomplete"
        brief="Open the link from the email exactly as it was sent, or ask for a new one."
      >
        <Button asChild fullWidth>
          <SiteLink href="/forgot-password">Ask for a new link</SiteLink>
        </Button>
      </AuthFrame>
    );
  }

  return (
    <AuthFrame
      title="Choose a new password"
      brief={`For ${email}. Signing in elsewhere will end once it is changed.`}
    >
      <form ref={formRef} className={styles.form} noValidate onSubmit={submitHandler(form)}>
        <form.AppForm>
          <form.PasswordPair
            passwordLabel="New password"
            passwordHint="At least 8 characters. Avoid passwords you use elsewhere."
          />
          <form.SubmitButton fullWidth>Reset password</form.SubmitButton>
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
