import { unwrap } from '@ledgerline/api-client';
import { coinTypes } from '@ledgerline/rules/coins';
import { AddressText, Button, Checkbox, type Coin, Dialog, toast } from '@ledgerline/ui';
import { useEffect, useRef, useState } from 'react';
import * as z from 'zod/mini';
import { api } from '../../../api/api';
import { useChoiceForm } from '../../../forms/choiceForm';
import { focusFirstInvalid } from '../../../forms/fieldError';
import { submitHandler } from '../../../forms/submitHandler';
import { coinName } from '../../../shared/coins';
import { showRequestFailure } from '../../../shared/requestFailure';
import { Detail } from '../review/ReviewDialog';
import * as reviewStyles from '../review/ReviewQueue.css';
import { StepUpCodeField, stepUpBody, useStepUpRequired } from '../StepUpCodeField';
import { type ServerFieldError, serverFieldError } from './serverFieldError';
import * as styles from './WalletsScreen.css';
import { walletNameMaxLength, walletNameRule } from './walletRules';

/** The contract's longest address: 128 characters. */
const addressMaxLength = 128;

/**
 * A new wallet: a name (required, at most 100 characters), a coin, an address (required, at most 128
 * characters) and whether users may pay to it at once. Whether the address is valid for the coin's
 * network is the server's to say (for USDT, any of its networks): it answers 400 naming the field.
 */
const newWalletSchema = z.object({
  walletName: walletNameRule,
  type: z.enum(['', ...coinTypes]).check(z.refine((type) => type.length > 0, 'Please choose the coin')),
  address: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Address is required'),
      z.maxLength(addressMaxLength, `Address is at most ${addressMaxLength} characters`),
    ),
  active: z.boolean(),
});

type NewWallet = { walletName: string; type: Coin | ''; address: string; active: boolean };
const emptyWallet: NewWallet = { walletName: '', type: '', address: '', active: true };

const coinOptions = coinTypes.map((coin) => ({ value: coin, label: coinName(coin) }));

/** The labels the server's messages are rewritten with ("walletName is required" is "Name is required"). */
const fieldLabels = { walletName: 'Name', address: 'Address' } as const;

export type AddWalletDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * "Add a wallet": the form, then the QR code the server draws from the address, shown with the
 * address before anything is sent (the admin compares the code with the address first), then the
 * proposal: no one admin adds a wallet, so it exists (and users can pay to it) only once a second
 * admin approves it, among the changes waiting for a second approval.
 */
export function AddWalletDialog({ open, onOpenChange }: AddWalletDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {/* Content unmounts when the dialog closes: each opening starts from an empty form. */}
      <Dialog.Content>
        <AddWalletSteps />
      </Dialog.Content>
    </Dialog.Root>
  );
}

/** What the form holds once filled in: a coin is chosen. */
type FilledWallet = NewWallet & { type: Coin };

/** The step the dialog shows, with what it carries from the step before. */
type Step =
  | {
      name: 'form';
      values: NewWallet;
      focus: 'walletName' | 'address' | null;
      refused: ServerFieldError | null;
    }
  | { name: 'preview'; values: FilledWallet; qr: Blob }
  | { name: 'proposed'; values: FilledWallet };

function AddWalletSteps() {
  const [step, setStep] = useState<Step>({ name: 'form', values: emptyWallet, focus: null, refused: null });
  if (step.name === 'proposed') {
    return (
      <ProposedWallet
        values={step.values}
        onAddAnother={() =>
          setStep({ name: 'form', values: emptyWallet, focus: 'walletName', refused: null })
        }
      />
    );
  }
  if (step.name === 'preview') {
    return (
      <WalletPreview
        values={step.values}
        qr={step.qr}
        onBack={() => setStep({ name: 'form', values: step.values, focus: 'address', refused: null })}
        onRefused={(refused) => setStep({ name: 'form', values: step.values, focus: null, refused })}
        onProposed={() => setStep({ name: 'proposed', values: step.values })}
      />
    );
  }
  return (
    <NewWalletForm
      initialValues={step.values}
      initialFocus={step.focus}
      initialError={step.refused}
      onPreviewed={(values, qr) => setStep({ name: 'preview', values, qr })}
    />
  );
}

function NewWalletForm({
  initialValues,
  initialFocus,
  initialError,
  onPreviewed,
}: {
  initialValues: NewWallet;
  /** The field that takes focus as the form shows: the button pressed to come back here is gone. */
  initialFocus: 'walletName' | 'address' | null;
  /** The server's refusal of the wallet from the preview step, shown under its field. */
  initialError: ServerFieldError | null;
  /** The server drew the QR code of this wallet's address: nothing is saved yet. */
  onPreviewed: (values: FilledWallet, qr: Blob) => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [serverError, setServerError] = useState<ServerFieldError | null>(initialError);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only as the form first shows.
  useEffect(() => {
    if (initialFocus) formRef.current?.querySelector<HTMLElement>(`[name="${initialFocus}"]`)?.focus();
  }, []);

  // The refused field takes focus, so its message (its `aria-describedby`) is read out.
  useEffect(() => {
    if (serverError) formRef.current?.querySelector<HTMLElement>(`[name="${serverError.field}"]`)?.focus();
  }, [serverError]);

  const form = useChoiceForm({
    defaultValues: initialValues,
    validators: { onChange: newWalletSchema, onSubmit: newWalletSchema },
    onSubmit: async ({ value }) => {
      if (value.type === '') return;
      setServerError(null);
      const filled = {
        ...value,
        type: value.type,
        walletName: value.walletName.trim(),
        address: value.address.trim(),
      };
      try {
        const qr = await unwrap(
          api.POST('/admin/wallets/qr-preview', {
            body: { type: filled.type, address: filled.address },
            parseAs: 'blob',
          }),
        );
        onPreviewed(filled, qr as Blob);
      } catch (error) {
        const refused = serverFieldError(error, fieldLabels);
        if (refused) setServerError(refused);
        else showRequestFailure(error);
      }
    },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
  });

  const errorFor = (field: ServerFieldError['field']) =>
    serverError?.field === field ? serverError.message : undefined;
  // The server's message is about the value it was sent: editing the field takes it away.
  const clearServerError = { onChange: () => setServerError(null) };

  return (
    <>
      <Dialog.Title>Add a wallet</Dialog.Title>
      <Dialog.Description>
        Users pay deposits to the active wallets of the coin they choose.
      </Dialog.Description>
      <form ref={formRef} noValidate onSubmit={submitHandler(form)}>
        <Dialog.Body className={styles.form}>
          <form.AppField name="walletName" listeners={clearServerError}>
            {(field) => (
              <field.TextField
                label="Name"
                hint="For the back office, e.g. “Bitcoin main”."
                required
                maxLength={walletNameMaxLength}
                autoComplete="off"
                immediateError={errorFor('walletName')}
              />
            )}
          </form.AppField>
          <form.AppField name="type" listeners={clearServerError}>
            {(field) => (
              <field.Select<Coin>
                label="Coin"
                required
                options={coinOptions}
                placeholder="Select a coin"
                onBlur={field.handleBlur}
              />
            )}
          </form.AppField>
          <form.AppField name="address" listeners={clearServerError}>
            {(field) => (
              <field.TextField
                label="Address"
                hint="Checked for the coin before its QR code is shown (for USDT, on any of its networks)."
                required
                maxLength={addressMaxLength}
                autoComplete="off"
                autoCapitalize="off"
                autoCorrect="off"
                spellCheck={false}
                immediateError={errorFor('address')}
              />
            )}
          </form.AppField>
          <form.AppField name="active">
            {(field) => (
              <Checkbox
                label="Active"
                description="Users see it on the deposit page and can pay to it."
                name={field.name}
                checked={field.state.value}
                onCheckedChange={(checked) => field.handleChange(checked === true)}
                onBlur={field.handleBlur}
              />
            )}
          </form.AppField>
        </Dialog.Body>
        <Dialog.Footer>
          <Dialog.Close asChild>
            <Button variant="secondary">Cancel</Button>
          </Dialog.Close>
          <form.AppForm>
            <form.SubmitButton>Preview QR code</form.SubmitButton>
          </form.AppForm>
        </Dialog.Footer>
      </form>
    </>
  );
}

function WalletPreview({
  values,
  qr,
  onBack,
  onRefused,
  onProposed,
}: {
  values: FilledWallet;
  /** The PNG the server drew from the address, as it will serve it once the wallet is saved. */
  qr: Blob;
  onBack: () => void;
  /** The server refused the wallet naming one of the form's fields: the form shows it there. */
  onRefused: (refused: ServerFieldError) => void;
  onProposed: () => void;
}) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  const [saving, setSaving] = useState(false);
  const codeRequired = useStepUpRequired();
  const [code, setCode] = useState('');
  const sending = useRef(false);
  const [url, setUrl] = useState<string | null>(null);
  // The form's button that had focus is gone: focus goes to the new step's title, which names it.
  useEffect(() => titleRef.current?.focus(), []);
  // Shown from memory; the object URL is let go when the step leaves the screen.
  useEffect(() => {
    const objectUrl = URL.createObjectURL(qr);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [qr]);

  const save = async () => {
    // One wallet per confirmation: a second click before the button shows it is busy does nothing.
    if (sending.current) return;
    sending.current = true;
    setSaving(true);
    try {
      // No one admin adds a wallet: this proposes it, and it exists once a second admin approves it.
      const { msg } = await unwrap(
        api.POST('/admin/wallets', {
          body: {
            walletName: values.walletName,
            type: values.type,
            address: values.address,
            active: values.active,
            ...stepUpBody(codeRequired, code),
          },
        }),
      );
      toast.success(`${msg}: ${values.walletName}`);
      onProposed();
    } catch (error) {
      sending.current = false;
      setSaving(false);
      const refused = serverFieldError(error, fieldLabels);
      if (refused) onRefused(refused);
      else showRequestFailure(error);
    }
  };

  return (
    <>
      <Dialog.Title ref={titleRef} tabIndex={-1} className={styles.focusTarget}>
        Check the QR code of {values.walletName}
      </Dialog.Title>
      <Dialog.Description>
        Nothing is saved yet. Scan the code with a wallet app: it must open the address below.
      </Dialog.Description>
      <Dialog.Body className={styles.saved}>
        <figure className={styles.qrFigure}>
          {url ? (
            <img
              className={styles.qr}
              src={url}
              alt={`QR code of ${values.walletName}, for the address ${values.address}`}
            />
          ) : (
            <div className={styles.qrFrame} />
          )}
          <figcaption className={styles.qrCaption}>
            <AddressText address={values.address} />
          </figcaption>
        </figure>
        <dl className={reviewStyles.details}>
          <Detail term="Name">{values.walletName}</Detail>
          <Detail term="Coin">{coinName(values.type)}</Detail>
          <Detail term="Status once added">{values.active ? 'Active' : 'Inactive'}</Detail>
        </dl>
        {codeRequired && <StepUpCodeField value={code} onChange={setCode} />}
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="secondary" onClick={onBack} disabled={saving}>
          Back
        </Button>
        <Button onClick={save} loading={saving}>
          Add wallet
        </Button>
      </Dialog.Footer>
    </>
  );
}

/** Sent: waiting for a second admin, who sees the same QR code before approving it. */
function ProposedWallet({ values, onAddAnother }: { values: FilledWallet; onAddAnother: () => void }) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  // The form's button that had focus is gone: focus goes to the new step's title, which names it.
  useEffect(() => titleRef.current?.focus(), []);

  return (
    <>
      <Dialog.Title ref={titleRef} tabIndex={-1} className={styles.focusTarget}>
        {values.walletName} proposed
      </Dialog.Title>
      <Dialog.Description>
        A second admin must approve it before users can pay to it: it waits among the changes for a second
        approval.
      </Dialog.Description>
      <Dialog.Body className={styles.saved}>
        <dl className={reviewStyles.details}>
          <Detail term="Coin">{coinName(values.type)}</Detail>
          <Detail term="Address">
            <AddressText address={values.address} />
          </Detail>
          <Detail term="Status once approved">{values.active ? 'Active' : 'Inactive'}</Detail>
        </dl>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="secondary" onClick={onAddAnother}>
          Add another
        </Button>
        <Dialog.Close asChild>
          <Button>Done</Button>
        </Dialog.Close>
      </Dialog.Footer>
    </>
  );
}
