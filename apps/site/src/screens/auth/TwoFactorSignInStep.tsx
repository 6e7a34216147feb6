import { ApiError, unwrap } from '@ledgerline/api-client';
import { Button, toast } from '@ledgerline/ui';
import { useRef, useState } from 'react';
import * as z from 'zod/mini';
import { api } from '../../api/api';
import { useAppForm } from '../../forms/appForm';
import { focusFirstInvalid } from '../../forms/fieldError';
import { appCodeRule, requiredText } from '../../forms/rules';
import { submitHandler } from '../../forms/submitHandler';
import * as styles from './AuthFrame.css';

/** A recovery code as it was shown (`k7m2q-9x4pt`): ten letters and digits; case, the dash and spaces aside. */
const recoveryCodeRule = z.pipe(
  requiredText('Enter one of your recovery codes'),
  z
    .string()
    .check(
      z.regex(
        /^[A-Za-z0-9]{5}[- ]?[A-Za-z0-9]{5}$/,
        'A recovery code is 10 letters and digits, like the ones you saved',
      ),
    ),
);

/** What the step asks for: the app's code (the usual way) or a recovery code (the phone is lost). */
type Factor = 'app' | 'recovery';

const codeSchemas = {
  app: z.object({ code: appCodeRule }),
  recovery: z.object({ code: recoveryCodeRule }),
} satisfies Record<Factor, unknown>;

/**
 * The field for each factor. A phone shows the keyboard its `inputMode` asks for: digits for the
 * app's code, letters for a recovery code (which has both), so each has its own.
 */
const codeFields = {
  app: {
    intro: 'Enter the 6-digit code your authenticator app shows for this account.',
    label: 'Authentication code',
    inputMode: 'numeric',
    autoComplete: 'one-time-code',
    maxLength: 6,
    className: undefined,
    switchTo: 'Use a recovery code instead',
  },
  recovery: {
    intro:
      'Enter one of the recovery codes you saved when you turned on two-factor authentication. Each one works once.',
    label: 'Recovery code',
    inputMode: 'text',
    autoComplete: 'off',
    maxLength: 20,
    // In the font the codes were shown in: Inter would draw the "x" of "9x4" as "×".
    className: styles.recoveryCodeField,
    switchTo: 'Use a code from the app instead',
  },
} as const satisfies Record<Factor, object>;

/** The answer the server gives when a challenge can no longer be finished. */
const expiredMessage = 'This sign-in has expired. Please sign in again.';

/**
 * The second step of a sign-in with two-factor on: the password was right, and the session comes
 * with a code from the authenticator app, or, with the switch below the field, a recovery code
 * (once). An expired challenge goes back to the password; a wrong code stays here, for the next one.
 */
export function TwoFactorSignInStep({
  challenge,
  onSignedIn,
  onBack,
}: {
  challenge: string;
  onSignedIn: (session: Awaited<ReturnType<typeof finish>>) => Promise<void>;
  onBack: () => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [factor, setFactor] = useState<Factor>('app');
  const form = useAppForm({
    defaultValues: { code: '' },
    validators: { onSubmit: codeSchemas[factor] },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: async ({ value }) => {
      try {
        await onSignedIn(await finish(challenge, value.code.trim()));
      } catch (error) {
        toast.error(error instanceof ApiError ? error.msg : String(error));
        if (error instanceof ApiError && error.msg === expiredMessage) onBack();
      }
    },
  });

  const fields = codeFields[factor];
  return (
    <form ref={formRef} className={styles.form} noValidate onSubmit={submitHandler(form)}>
      <p>{fields.intro}</p>
      {/* A new field for each factor: it takes focus as it mounts, so after the switch (whose button is
          not where the person is going) focus is on the field, and its label says which code. */}
      <form.AppField key={factor} name="code">
        {(field) => (
          <field.TextField
            label={fields.label}
            autoComplete={fields.autoComplete}
            inputMode={fields.inputMode}
            maxLength={fields.maxLength}
            className={fields.className}
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            required
            autoFocus
          />
        )}
      </form.AppField>
      <button
        type="button"
        className={styles.linkButton}
        onClick={() => {
          // The other code starts empty, without the last one's message.
          form.reset();
          setFactor(factor === 'app' ? 'recovery' : 'app');
        }}
      >
        {fields.switchTo}
      </button>
      <form.AppForm>
        <form.SubmitButton fullWidth>Verify</form.SubmitButton>
      </form.AppForm>
      <Button variant="ghost" fullWidth onClick={onBack}>
        Back to sign in
      </Button>
    </form>
  );
}

function finish(challenge: string, code: string) {
  return unwrap(api.POST('/auth/login/two-factor', { body: { challenge, code } }));
}
