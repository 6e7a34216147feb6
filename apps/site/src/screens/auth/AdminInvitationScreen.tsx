import { ApiError, unwrap } from '@ledgerline/api-client';
import { Button, toast } from '@ledgerline/ui';
import { useRef, useState } from 'react';
import * as z from 'zod/mini';
import { api } from '../../api/api';
import { useAppForm } from '../../forms/appForm';
import { focusFirstInvalid } from '../../forms/fieldError';
import { confirmationMatches, confirmPasswordRule, passwordRule, requiredText } from '../../forms/rules';
import { submitHandler } from '../../forms/submitHandler';
import { SiteLink } from '../../layout/siteNavigation';
import { AuthFrame } from './AuthFrame';
import * as styles from './AuthFrame.css';

/** A full name (at most 100 characters), a password and its confirmation, which must match. */
export const joinSchema = z
  .object({
    fullname: z.pipe(
      requiredText('Full name is required'),
      z.string().check(z.maxLength(100, 'Full name is at most 100 characters')),
    ),
    password: passwordRule,
    confirmPassword: confirmPasswordRule,
  })
  .check(confirmationMatches);

export type AdminInvitationScreenProps = {
  /** From the mailed link's `?token=`. */
  token?: string;
};

type Outcome = { state: 'form' } | { state: 'joined'; msg: string } | { state: 'failed'; msg: string };

/**
 * /admin-invitation: "Join the back office", from the link an admin's invitation mailed. A full name
 * and a password make the invited address an admin's (an account it already has keeps its name, and
 * gets the new password); then the new admin signs in as usual. A link that is incomplete, unknown,
 * used or expired says so, with the server's reason.
 */
export function AdminInvitationScreen({ token }: AdminInvitationScreenProps) {
  const [outcome, setOutcome] = useState<Outcome>(() =>
    token
      ? { state: 'form' }
      : { state: 'failed', msg: 'This link is incomplete. Open it exactly as it was sent.' },
  );

  if (outcome.state === 'joined') {
    return (
      <AuthFrame title="Welcome to the back office" brief={outcome.msg}>
        <Button asChild fullWidth>
          <SiteLink href="/sign-in">Sign In</SiteLink>
        </Button>
      </AuthFrame>
    );
  }
  if (outcome.state === 'failed' || !token) {
    return (
      <AuthFrame
        title="This invitation does not work"
        brief={outcome.state === 'failed' ? outcome.msg : undefined}
      >
        <Button asChild fullWidth variant="secondary">
          <SiteLink href="/">Go Back to Homepage</SiteLink>
        </Button>
      </AuthFrame>
    );
  }
  return (
    <AuthFrame
      title="Join the back office"
      brief="Choose your name and password. You then sign in, and set up two-factor authentication if asked."
    >
      <JoinForm
        token={token}
        onJoined={(msg) => setOutcome({ state: 'joined', msg })}
        onFailed={(msg) => setOutcome({ state: 'failed', msg })}
      />
    </AuthFrame>
  );
}

function JoinForm({
  token,
  onJoined,
  onFailed,
}: {
  token: string;
  onJoined: (msg: string) => void;
  /** The link itself no longer works (unknown, used or expired). */
  onFailed: (msg: string) => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useAppForm({
    defaultValues: { fullname: '', password: '', confirmPassword: '' },
    validators: { onChange: joinSchema, onSubmit: joinSchema },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: async ({ value }) => {
      try {
        const { msg } = await unwrap(
          api.POST('/auth/admin-invitation/accept', {
            body: { token, fullname: value.fullname.trim(), password: value.password },
          }),
        );
        onJoined(msg);
      } catch (error) {
        // The password policy's refusals name the password, and the form stays to choose another.
        if (error instanceof ApiError && error.status === 400 && !/^password\b/.test(error.msg)) {
          onFailed(error.msg);
          return;
        }
        toast.error(error instanceof ApiError ? error.msg : String(error));
      }
    },
  });

  return (
    <form ref={formRef} className={styles.form} noValidate onSubmit={submitHandler(form)}>
      <form.AppField name="fullname">
        {(field) => <field.TextField label="Full name" autoComplete="name" required maxLength={100} />}
      </form.AppField>
      <form.AppForm>
        <form.PasswordPair passwordHint="At least 8 characters. Avoid passwords you use elsewhere." />
        <form.SubmitButton fullWidth>Join the back office</form.SubmitButton>
      </form.AppForm>
    </form>
  );
}
