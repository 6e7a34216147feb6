import { ApiError, unwrap } from '@ledgerline/api-client';
import { AddressText, Button, Dialog, toast } from '@ledgerline/ui';
import { useState } from 'react';
import { api } from '../../../api/api';
import { coinName } from '../../../shared/coins';
import { showRequestFailure } from '../../../shared/requestFailure';
import type { Wallet } from './useAdminWallets';

export type DeleteWalletDialogProps = {
  /** The wallet to delete; null keeps the dialog closed. */
  wallet: Wallet | null;
  onClose: () => void;
  /** The wallet is gone from the server (deleted now, or by someone else before). */
  onDeleted: (wallet: Wallet) => void;
  /** Where focus goes after a deletion: the row's button that opened the dialog is gone. */
  focusAfterDelete: () => void;
};

/**
 * Deletes a wallet after a confirmation that names it. Only a wallet no deposit references can be
 * deleted; the server refuses any other with 409 (deactivate it instead), shown as a toast.
 */
export function DeleteWalletDialog({
  wallet,
  onClose,
  onDeleted,
  focusAfterDelete,
}: DeleteWalletDialogProps) {
  // The last wallet stays shown while the dialog plays its closing transition.
  const [shown, setShown] = useState(wallet);
  const [busy, setBusy] = useState(false);
  const [deleted, setDeleted] = useState(false);
  if (wallet !== null && wallet !== shown) {
    setShown(wallet);
    setDeleted(false);
  }
  const current = wallet ?? shown;

  const remove = async () => {
    if (!current) return;
    setBusy(true);
    try {
      await unwrap(api.DELETE('/admin/wallets/{walletId}', { params: { path: { walletId: current._id } } }));
      toast.success(`${current.walletName} deleted`);
      setDeleted(true);
      onDeleted(current);
      onClose();
    } catch (error) {
      showRequestFailure(error);
      // Deleted by someone else meanwhile: the list shows it gone.
      if (error instanceof ApiError && error.status === 404) {
        setDeleted(true);
        onDeleted(current);
      }
      onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root
      open={wallet !== null}
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
    >
      {current && (
        <Dialog.Content
          role="alertdialog"
          onCloseAutoFocus={(event) => {
            if (!deleted) return;
            event.preventDefault();
            focusAfterDelete();
          }}
        >
          <Dialog.Title>Delete {current.walletName}?</Dialog.Title>
          <Dialog.Description>
            Users can no longer pay to this {coinName(current.type)} address. A wallet that deposits name
            cannot be deleted: deactivate it instead.
          </Dialog.Description>
          <Dialog.Body>
            <AddressText address={current.address} copyable={false} />
          </Dialog.Body>
          <Dialog.Footer>
            <Dialog.Close asChild>
              <Button variant="secondary" disabled={busy}>
                Keep it
              </Button>
            </Dialog.Close>
            <Button variant="danger" loading={busy} onClick={() => void remove()}>
              Delete {current.walletName}
            </Button>
          </Dialog.Footer>
        </Dialog.Content>
      )}
    </Dialog.Root>
  );
}
