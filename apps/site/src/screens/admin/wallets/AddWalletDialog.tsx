import { unwrap } from '@ledgerline/api-client';
import { coinTypes } from '@ledgerline/api-client/catalog';
import { AddressText, Button, Checkbox, type Coin, Dialog, toast } from '@ledgerline/ui';
import { useEffect, useRef, useState } from 'react';
import * as z from 'zod/mini';
import { api } from '../../../api/api';
import { useChoiceForm } from '../../../forms/choiceForm';
import { focusFirstInvalid } from '../../../forms/fieldError';
import { submitHandler } from '../../../forms/submitHandler';
import { coinName, coins } from '../../dashboard/money/coins';
import { showRequestFailure } from '../../dashboard/money/requestFailure';
import { Detail } from '../review/ReviewDialog';
import * as reviewStyles from '../review/ReviewQueue.css';
import { type ServerFieldError, serverFieldError } from './serverFieldError';
import type { Wallet } from './useAdminWallets';
import { WalletQrImage } from './WalletQrImage';
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

const coinOptions = coins.map((coin) => ({ value: coin, label: coinName(coin) }));

/** The labels the server's messages are rewritten with ("walletName is required" is "Name is required"). */
const fieldLabels = { walletName: 'Name', address: 'Address' } as const;

export type AddWalletDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The wallet as the server saved it. */
  onSaved: (wallet: Wallet) => void;
};

/**
 * "Add a wallet": the form, then the saved wallet with the QR code the server renders from its
 * address, so the admin checks what users will scan before they pay to it.
 */
export function AddWalletDialog({ open, onOpenChange, onSaved }: AddWalletDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {/* Content unmounts when the dialog closes: each opening starts from an empty form. */}
      <Dialog.Content>
        <AddWalletSteps onSaved={onSaved} />
      </Dialog.Content>
    </Dialog.Root>
  );
}

function AddWalletSteps({ onSaved }: Pick<AddWalletDialogProps, 'onSaved'>) {
  const [saved, setSaved] = useState<Wallet | null>(null);
  const [another, setAnother] = useState(false);
  if (saved) {
    return (
      <SavedWallet
        wallet={saved}
        onAddAnother={() => {
          setAnother(true);
          setSaved(null);
        }}
      />
    );
  }
  return (
    <NewWalletForm
      focusName={another}
      onSaved={(wallet) => {
        onSaved(wallet);
        setSaved(wallet);
      }}
    />
  );
}

function NewWalletForm({
  onSaved,
  focusName,
}: {
  onSaved: (wallet: Wallet) => void;
  /** After "Add another" the button pressed is gone: the new form's first field takes focus. */
  focusName: boolean;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [serverError, setServerError] = useState<ServerFieldError | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only as the form first shows.
  useEffect(() => {
    if (focusName) formRef.current?.querySelector<HTMLElement>('[name="walletName"]')?.focus();
  }, []);

  // The refused field takes focus, so its message (its `aria-describedby`) is read out.
  useEffect(() => {
    if (serverError) formRef.current?.querySelector<HTMLElement>(`[name="${serverError.field}"]`)?.focus();
  }, [serverError]);

  const form = useChoiceForm({
    defaultValues: emptyWallet,
    validators: { onChange: newWalletSchema, onSubmit: newWalletSchema },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: async ({ value }) => {
      if (value.type === '') return;
      setServerError(null);
      try {
        const { msg, wallet } = await unwrap(
          api.POST('/admin/wallets', {
            body: {
              walletName: value.walletName.trim(),
              type: value.type,
              address: value.address.trim(),
              active: value.active,
            },
          }),
        );
        toast.success(`${msg}: ${wallet.walletName}`);
        onSaved(wallet);
      } catch (error) {
        const refused = serverFieldError(error, fieldLabels);
        if (refused) setServerError(refused);
        else showRequestFailure(error);
      }
    },
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
                hint="Checked for the coin when saved (for USDT, on any of its networks)."
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
            <form.SubmitButton>Add wallet</form.SubmitButton>
          </form.AppForm>
        </Dialog.Footer>
      </form>
    </>
  );
}

function SavedWallet({ wallet, onAddAnother }: { wallet: Wallet; onAddAnother: () => void }) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  // The form's button that had focus is gone: focus goes to the new step's title, which names it.
  useEffect(() => titleRef.current?.focus(), []);

  return (
    <>
      <Dialog.Title ref={titleRef} tabIndex={-1} className={styles.focusTarget}>
        {wallet.walletName} added
      </Dialog.Title>
      <Dialog.Description>
        Check that the QR code opens this address in a wallet app before users pay to it.
      </Dialog.Description>
      <Dialog.Body className={styles.saved}>
        <WalletQrImage wallet={wallet} />
        <dl className={reviewStyles.details}>
          <Detail term="Coin">{coinName(wallet.type)}</Detail>
          <Detail term="Address">
            <AddressText address={wallet.address} />
          </Detail>
          <Detail term="Status">{wallet.active ? 'Active' : 'Inactive'}</Detail>
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
