import { ApiError, unwrap } from '@ledgerline/api-client';
import { Button, Card, Checkbox, CopyField, Spinner, toast } from '@ledgerline/ui';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import * as z from 'zod/mini';
import { api } from '../../api/api';
import { useAppForm } from '../../forms/appForm';
import { focusFirstInvalid } from '../../forms/fieldError';
import { appCodeRule, passwordRule } from '../../forms/rules';
import { submitHandler } from '../../forms/submitHandler';
import { DashboardPage } from '../../shared/DashboardPage';
import { downloadRecoveryCodes } from '../../shared/recoveryCodesFile';
import * as styles from './TwoFactorEnrolStep.css';

/** The first code from the app (six digits) and the account's password. */
const enrolSchema = z.object({
  code: appCodeRule,
  password: passwordRule,
});

/**
 * The back office's step for an admin who must have two-factor on (the server refuses everything
 * else until then): add the secret to an authenticator app, prove it with a first code, then keep
 * the recovery codes, which are shown this once. `onEnrolled` opens the back office.
 */
export function TwoFactorEnrolStep({ onEnrolled }: { onEnrolled: () => void }) {
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  return (
    <DashboardPage
      title="Turn on two-factor authentication"
      brief="The back office needs a code from an authenticator app at every sign-in. Set it up before anything else."
    >
      <Card className={styles.card}>
        {recoveryCodes ? (
          <SaveRecoveryCodes codes={recoveryCodes} onSaved={onEnrolled} />
        ) : (
          <AddToApp onEnabled={setRecoveryCodes} />
        )}
      </Card>
    </DashboardPage>
  );
}

/** The secret as a QR code and as text, and the first code, which turns two-factor on. */
function AddToApp({ onEnabled }: { onEnabled: (recoveryCodes: string[]) => void }) {
  // A new setup replaces the last one on the server: one setup per visit (React's development
  // double mount included, refs survive it), a new one only when asked again after a failure.
  const setupRef = useRef<ReturnType<typeof startSetup> | null>(null);
  // The setup is this visit's own: kept while the step shows (never stale), dropped when it goes.
  const setup = useQuery({
    queryKey: ['post', '/auth/two-factor/setup'],
    queryFn: () => {
      setupRef.current ??= startSetup();
      return setupRef.current;
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  // While "Try again" asks anew, the last failure stays on screen (and the button keeps focus).
  const lastFailure = useRef<ApiError | null>(null);
  if (setup.isError) lastFailure.current = setup.error;
  else if (setup.isSuccess) lastFailure.current = null;
  const failure = setup.isError ? setup.error : setup.isFetching ? lastFailure.current : null;
  const formRef = useRef<HTMLFormElement>(null);
  const form = useAppForm({
    defaultValues: { code: '', password: '' },
    validators: { onSubmit: enrolSchema },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: async ({ value }) => {
      try {
        const { msg, recoveryCodes } = await unwrap(
          api.POST('/auth/two-factor/enable', {
            body: { code: value.code.trim(), password: value.password },
          }),
        );
        toast.success(msg);
        onEnabled(recoveryCodes);
      } catch (error) {
        toast.error(error instanceof ApiError ? error.msg : String(error));
      }
    },
  });

  if (failure) {
    return (
      <div className={styles.form}>
        <p role="alert">Your secret could not be prepared: {failure.msg}</p>
        <Button
          className={styles.submit}
          onClick={() => {
            setupRef.current = null;
            void setup.refetch();
          }}
        >
          Try again
        </Button>
      </div>
    );
  }
  if (!setup.isSuccess) return <Spinner label="Preparing your secret" />;

  return (
    <form ref={formRef} className={styles.form} noValidate onSubmit={submitHandler(form)}>
      <p>
        Scan this QR code with an authenticator app (Google Authenticator, 1Password, Authy, or another), or
        type the secret into it by hand.
      </p>
      <img
        className={styles.qrCode}
        src={setup.data.qrCode}
        alt="QR code of the secret, for your authenticator app"
      />
      <CopyField label="Secret" value={setup.data.secret} mono />
      <form.AppField name="code">
        {(field) => (
          <field.TextField
            label="Authentication code"
            hint="The 6-digit code the app now shows for this account."
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            spellCheck={false}
            required
          />
        )}
      </form.AppField>
      <form.AppField name="password">
        {(field) => <field.PasswordField label="Password" autoComplete="current-password" required />}
      </form.AppField>
      <form.AppForm>
        <form.SubmitButton className={styles.submit}>Turn on two-factor authentication</form.SubmitButton>
      </form.AppForm>
    </form>
  );
}

function startSetup() {
  return unwrap(api.POST('/auth/two-factor/setup'));
}

/**
 * The recovery codes, shown once (the server keeps only their hashes): each signs in once in place of
 * a code. The back office opens only once the admin says they are saved.
 */
function SaveRecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const [saved, setSaved] = useState(false);
  const [unconfirmed, setUnconfirmed] = useState(false);
  const checkboxRef = useRef<HTMLButtonElement>(null);

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (saved) return onSaved();
        setUnconfirmed(true);
        checkboxRef.current?.focus();
      }}
    >
      <p>
        Keep these recovery codes somewhere safe, apart from your phone. Each one signs you in once if you
        lose the app. They are shown only now.
      </p>
      <ul className={styles.codes} aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => downloadRecoveryCodes(codes)}>
          Download as a text file
        </Button>
      </div>
      <Checkbox
        ref={checkboxRef}
        label="I have saved my recovery codes"
        required
        checked={saved}
        onCheckedChange={(checked) => {
          setSaved(checked === true);
          if (checked === true) setUnconfirmed(false);
        }}
        error={unconfirmed ? 'Save your recovery codes, then tick this box' : undefined}
      />
      <div className={styles.actions}>
        <Button type="submit">Continue to the back office</Button>
      </div>
    </form>
  );
}
