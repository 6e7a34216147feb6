import { unwrap } from '@ledgerline/api-client';
import { Button, Dialog, toast } from '@ledgerline/ui';
import { useRef, useState } from 'react';
import * as z from 'zod/mini';
import { api } from '../../../api/api';
import { useAppForm } from '../../../forms/appForm';
import { focusFirstInvalid } from '../../../forms/fieldError';
import { submitHandler } from '../../../forms/submitHandler';
import { showRequestFailure } from '../../../shared/requestFailure';
import { type ServerFieldError, serverFieldError } from './serverFieldError';
import type { Wallet } from './useAdminWallets';
import * as styles from './WalletsScreen.css';
import { walletNameMaxLength, walletNameRule } from './walletRules';

const renameSchema = z.object({ walletName: walletNameRule });

export type RenameWalletDialogProps = {
  /** The wallet to rename; null keeps the dialog closed. */
  wallet: Wallet | null;
  onClose: () => void;
  /** The wallet as the server saved it. */
  onSaved: (wallet: Wallet) => void;
};

/** Renames a wallet; its coin, address and QR code stay as they are. */
export function RenameWalletDialog({ wallet, onClose, onSaved }: RenameWalletDialogProps) {
  // The last wallet stays shown while the dialog plays its closing transition.
  const [shown, setShown] = useState(wallet);
  if (wallet !== null && wallet !== shown) setShown(wallet);
  const current = wallet ?? shown;

  return (
    <Dialog.Root
      open={wallet !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {current && (
        <Dialog.Content>
          <RenameForm key={current._id} wallet={current} onClose={onClose} onSaved={onSaved} />
        </Dialog.Content>
      )}
    </Dialog.Root>
  );
}

function RenameForm({
  wallet,
  onClose,
  onSaved,
}: { wallet: Wallet } & Omit<RenameWalletDialogProps, 'wallet'>) {
  const formRef = useRef<HTMLFormElement>(null);
  const [serverError, setServerError] = useState<ServerFieldError | null>(null);
  const form = useAppForm({
    defaultValues: { walletName: wallet.walletName },
    validators: { onChange: renameSchema, onSubmit: renameSchema },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: async ({ value }) => {
      const walletName = value.walletName.trim();
      // Nothing to change: the server is not asked.
      if (walletName === wallet.walletName) {
        onClose();
        return;
      }
      try {
        const answer = await unwrap(
          api.PATCH('/admin/wallets/{walletId}', {
            params: { path: { walletId: wallet._id } },
            body: { walletName },
          }),
        );
        // A new name alone applies at once (only a change of where deposits go is proposed).
        if ('wallet' in answer) {
          toast.success(`${wallet.walletName} is now ${answer.wallet.walletName}`);
          onSaved(answer.wallet);
        } else toast.success(answer.msg);
        onClose();
      } catch (error) {
        const refused = serverFieldError(error, { walletName: 'Name' });
        if (refused) {
          setServerError(refused);
          formRef.current?.querySelector<HTMLElement>('[name="walletName"]')?.focus();
        } else showRequestFailure(error);
      }
    },
  });

  return (
    <>
      <Dialog.Title>Rename {wallet.walletName}</Dialog.Title>
      <Dialog.Description>
        Only the back office shows the name; the address stays as it is.
      </Dialog.Description>
      <form ref={formRef} noValidate onSubmit={submitHandler(form)}>
        <Dialog.Body className={styles.form}>
          <form.AppField name="walletName" listeners={{ onChange: () => setServerError(null) }}>
            {(field) => (
              <field.TextField
                label="Name"
                required
                maxLength={walletNameMaxLength}
                autoComplete="off"
                immediateError={serverError?.message}
              />
            )}
          </form.AppField>
        </Dialog.Body>
        <Dialog.Footer>
          <Dialog.Close asChild>
            <Button variant="secondary">Cancel</Button>
          </Dialog.Close>
          <form.AppForm>
            <form.SubmitButton>Save the name</form.SubmitButton>
          </form.AppForm>
        </Dialog.Footer>
      </form>
    </>
  );
}
