import { ApiError, unwrap } from '@ledgerline/api-client';
import { Card, toast } from '@ledgerline/ui';
import { useRef } from 'react';
import * as z from 'zod/mini';
import { api } from '../../api/api';
import { useAppForm } from '../../forms/appForm';
import { focusFirstInvalid } from '../../forms/fieldError';
import { confirmationMatches, confirmPasswordRule, passwordRule, requiredText } from '../../forms/rules';
import { submitHandler } from '../../forms/submitHandler';
import { type Session, saveSession } from '../../session/session';
import { DashboardPage } from '../../shared/DashboardPage';
import * as styles from './FirstPasswordStep.css';

/** The password printed at start-up, then a new one and its confirmation (which must match). */
const firstPasswordSchema = z
  .object({
    currentPassword: requiredText('Current password is required'),
    password: passwordRule,
    confirmPassword: confirmPasswordRule,
  })
  .check(confirmationMatches);

/**
 * The back office's first step for an admin whose password was generated at start-up: the server
 * refuses every other call until a new one is chosen, so nothing else is shown until then.
 */
export function FirstPasswordStep({ session }: { session: Session }) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useAppForm({
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
    validators: { onChange: firstPasswordSchema, onSubmit: firstPasswordSchema },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: async ({ value }) => {
      try {
        const { msg } = await unwrap(
          api.PATCH('/users/user-info', {
            body: { currentPassword: value.currentPassword, newPassword: value.password },
          }),
        );
        toast.success(msg);
        // The server has cleared the mark on this session's account: the back office opens.
        saveSession({ ...session, mustChangePassword: false });
      } catch (error) {
        toast.error(error instanceof ApiError ? error.msg : String(error));
      }
    },
  });

  return (
    <DashboardPage
      title="Choose your password"
      brief="The password printed when the server started must be changed before anything else."
    >
      <Card className={styles.card}>
        <form ref={formRef} className={styles.form} noValidate onSubmit={submitHandler(form)}>
          <form.AppField name="currentPassword">
            {(field) => (
              <field.PasswordField
                label="Password printed at start-up"
                autoComplete="current-password"
                required
              />
            )}
          </form.AppField>
          <form.AppForm>
            <form.PasswordPair
              passwordLabel="New password"
              passwordHint="At least 8 characters, not a common one."
            />
            <form.SubmitButton className={styles.submit}>Save the new password</form.SubmitButton>
          </form.AppForm>
        </form>
      </Card>
    </DashboardPage>
  );
}
