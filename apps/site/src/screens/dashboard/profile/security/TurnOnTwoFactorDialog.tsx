import { ApiError, type Schemas, unwrap } from '@ledgerline/api-client';
import { Button, Checkbox, CopyField, Dialog, Spinner, toast } from '@ledgerline/ui';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import * as z from 'zod/mini';
import { api } from '../../../../api/api';
import { useAppForm } from '../../../../forms/appForm';
import { focusFirstInvalid } from '../../../../forms/fieldError';
import { passwordRule, requiredText } from '../../../../forms/rules';
import { submitHandler } from '../../../../forms/submitHandler';
import { downloadRecoveryCodes } from '../../../../shared/recoveryCodesFile';
import { asApiError, showRequestFailure } from '../../../../shared/requestFailure';
import * as styles from './SecurityPanels.css';

/** The app's code (six digits, as every authenticator app shows it) and the account's password. */
const codeSchema = z.object({
  code: z.pipe(
    requiredText('Code is required'),
    z.string().check(z.regex(/^[0-9]{6}$/, 'Enter the 6-digit code from your app')),
  ),
  password: passwordRule,
});

/** The server's word for a wrong password: its message goes under the password field. */
const wrongPasswordMessage = 'password is incorrect';

/** Where turning on stands: the secret being made, refused, shown to scan, or done with its codes. */
type Step =
  | { phase: 'starting' }
  | { phase: 'failed'; error: ApiError }
  | { phase: 'scan'; setup: Schemas['TwoFactorSetup'] }
  | { phase: 'codes'; codes: string[] }
  | { phase: 'others' };

/** A wrong code is the person's to correct: its message goes under the field, not in a toast. */
const isFieldRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.status === 400 || error.status === 429);

export type TurnOnTwoFactorDialogProps = {
  /** Whether the dialog is shown (controlled). */
  open: boolean;
  /** Called with `false` when the dialog closes. */
  onOpenChange: (open: boolean) => void;
  /**
   * Called once the person has saved the recovery codes and then signed out everywhere else or kept
   * the other sessions: two-factor is on.
   */
  onEnabled: () => void;
};

/**
 * "Turn on two-factor authentication": a new secret from the server, as a QR code and as text, and a
 * code from the app to prove it has it, with the account's password (a signed-in browser alone must
 * not be able to turn it on); then the 10 recovery codes, shown this once. The codes step closes only
 * through Done, once "I have saved my recovery codes" is ticked, so they are not lost by a stray
 * Escape or click outside. Last, the offer to sign out everywhere else: a browser signed in before
 * two-factor was on stays signed in until then.
 */
export function TurnOnTwoFactorDialog({ open, onOpenChange, onEnabled }: TurnOnTwoFactorDialogProps) {
  const [step, setStep] = useState<Step>({ phase: 'starting' });
  const [attempt, setAttempt] = useState(0);
  const [saved, setSaved] = useState(false);
  const [serverError, setServerError] = useState<string | undefined>();
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [signingOut, setSigningOut] = useState(false);
  const contentRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const codesTitleRef = useRef<HTMLHeadingElement>(null);
  const othersTitleRef = useRef<HTMLHeadingElement>(null);

  const form = useAppForm({
    defaultValues: { code: '', password: '' },
    validators: { onSubmit: codeSchema },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: async ({ value }) => {
      try {
        const enabled = await unwrap(
          api.POST('/auth/two-factor/enable', { body: { code: value.code, password: value.password } }),
        );
        setStep({ phase: 'codes', codes: enabled.recoveryCodes });
      } catch (error) {
        if (isFieldRefusal(error) && error.msg === wrongPasswordMessage) {
          setPasswordError(error.msg);
          focusFirstInvalid(formRef.current);
        } else if (isFieldRefusal(error)) {
          setServerError(error.msg);
          focusFirstInvalid(formRef.current);
        } else {
          showRequestFailure(error);
        }
      }
    },
  });

  // Each opening (and each "Try again") asks for a new secret; a new setup replaces an unfinished one.
  // Before paint, so a reopened dialog never flashes the last opening's codes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger.
  useLayoutEffect(() => {
    if (!open) return;
    let live = true;
    setStep({ phase: 'starting' });
    unwrap(api.POST('/auth/two-factor/setup')).then(
      (setup) => live && setStep({ phase: 'scan', setup }),
      (error: unknown) => live && setStep({ phase: 'failed', error: asApiError(error) }),
    );
    return () => {
      live = false;
    };
  }, [open, attempt]);

  // Focus follows the step: the dialog itself while the key is made (not its × button), then the code
  // field (the setup key and QR code are just before it), then the codes' heading, read out as the
  // field it replaces goes away.
  useEffect(() => {
    if (step.phase === 'scan') formRef.current?.querySelector<HTMLElement>('input[name="code"]')?.focus();
    if (step.phase === 'codes') codesTitleRef.current?.focus();
    if (step.phase === 'others') othersTitleRef.current?.focus();
  }, [step.phase]);

  const close = () => {
    form.reset();
    setServerError(undefined);
    setPasswordError(undefined);
    setSaved(false);
    onOpenChange(false);
  };
  const finish = () => {
    close();
    onEnabled();
  };
  const signOutOthers = async () => {
    setSigningOut(true);
    try {
      const { msg } = await unwrap(api.POST('/auth/sessions/revoke-others'));
      toast.success(msg);
      finish();
    } catch (error) {
      showRequestFailure(error);
    } finally {
      setSigningOut(false);
    }
  };
  // Two-factor is on from the codes step: neither it nor the offer after it is lost by a stray key.
  const showingCodes = step.phase === 'codes' || step.phase === 'others';

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? onOpenChange(true) : !showingCodes && close())}>
      <Dialog.Content
        ref={contentRef}
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          contentRef.current?.focus();
        }}
        showCloseButton={!showingCodes}
        onEscapeKeyDown={(event) => showingCodes && event.preventDefault()}
        onPointerDownOutside={(event) => showingCodes && event.preventDefault()}
      >
        {step.phase === 'others' ? (
          <>
            <Dialog.Title ref={othersTitleRef} tabIndex={-1} className={styles.titleFocus}>
              Sign out everywhere else?
            </Dialog.Title>
            <Dialog.Description>
              Browsers and devices signed in before two-factor was on stay signed in without a code. Sign them
              out, so that each must sign in again with a code from your app.
            </Dialog.Description>
            <Dialog.Footer>
              <Button variant="secondary" onClick={finish} disabled={signingOut}>
                Keep them signed in
              </Button>
              <Button onClick={signOutOthers} loading={signingOut}>
                Sign out everywhere else
              </Button>
            </Dialog.Footer>
          </>
        ) : step.phase === 'codes' ? (
          <>
            <Dialog.Title ref={codesTitleRef} tabIndex={-1} className={styles.titleFocus}>
              Save your recovery codes
            </Dialog.Title>
            <Dialog.Description>
              Two-factor authentication is on. If you lose your phone, each code signs you in once in place of
              a code from the app. They are shown only this once.
            </Dialog.Description>
            <Dialog.Body className={styles.panelBody}>
              <ol className={styles.codes} aria-label="Recovery codes">
                {step.codes.map((code) => (
                  <li key={code}>{code}</li>
                ))}
              </ol>
              <div>
                <Button variant="secondary" onClick={() => downloadRecoveryCodes(step.codes)}>
                  Download as a text file
                </Button>
              </div>
              <Checkbox
                label="I have saved my recovery codes"
                required
                checked={saved}
                onCheckedChange={(checked) => setSaved(checked === true)}
              />
            </Dialog.Body>
            <Dialog.Footer>
              <Button disabled={!saved} onClick={() => setStep({ phase: 'others' })}>
                Done
              </Button>
            </Dialog.Footer>
          </>
        ) : (
          <>
            <Dialog.Title>Turn on two-factor authentication</Dialog.Title>
            <Dialog.Description>
              Scan the QR code with your authenticator app, or type the setup key into it, then enter the
              6-digit code the app shows and your password.
            </Dialog.Description>
            {step.phase === 'starting' ? (
              <Dialog.Body className={styles.loading}>
                <Spinner size="lg" label="Preparing your setup key" />
              </Dialog.Body>
            ) : step.phase === 'failed' ? (
              <>
                <Dialog.Body>
                  <p role="alert" className={styles.failedText}>
                    {step.error.msg}
                  </p>
                </Dialog.Body>
                <Dialog.Footer>
                  <Dialog.Close asChild>
                    <Button variant="secondary">Cancel</Button>
                  </Dialog.Close>
                  <Button onClick={() => setAttempt((current) => current + 1)}>Try again</Button>
                </Dialog.Footer>
              </>
            ) : (
              <form ref={formRef} noValidate onSubmit={submitHandler(form)}>
                <Dialog.Body className={styles.setup}>
                  <img
                    className={styles.qrCode}
                    src={step.setup.qrCode}
                    alt="QR code for your authenticator app"
                  />
                  <CopyField label="Setup key" value={step.setup.secret} mono />
                  <form.AppField name="code" listeners={{ onChange: () => setServerError(undefined) }}>
                    {(field) => (
                      <field.TextField
                        label="Code from the app"
                        autoComplete="one-time-code"
                        inputMode="numeric"
                        maxLength={6}
                        spellCheck={false}
                        required
                        immediateError={serverError}
                      />
                    )}
                  </form.AppField>
                  <form.AppField name="password" listeners={{ onChange: () => setPasswordError(undefined) }}>
                    {(field) => (
                      <field.PasswordField
                        label="Password"
                        autoComplete="current-password"
                        required
                        immediateError={passwordError}
                      />
                    )}
                  </form.AppField>
                </Dialog.Body>
                <Dialog.Footer>
                  <Dialog.Close asChild>
                    <Button variant="secondary">Cancel</Button>
                  </Dialog.Close>
                  <form.AppForm>
                    <form.SubmitButton>Turn on</form.SubmitButton>
                  </form.AppForm>
                </Dialog.Footer>
              </form>
            )}
          </>
        )}
      </Dialog.Content>
    </Dialog.Root>
  );
}
