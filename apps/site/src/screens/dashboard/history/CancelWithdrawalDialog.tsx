import { ApiError, unwrap } from '@ledgerline/api-client';
import { AddressText, Button, Dialog, Money, toast } from '@ledgerline/ui';
import { useRef, useState } from 'react';
import { api } from '../../../api/api';
import { networkLabels } from '../../../shared/networks';
import { showRequestFailure } from '../../../shared/requestFailure';
import { Detail } from './TransactionDetailDialog';
import * as styles from './TransactionHistoryScreen.css';
import { signOf, type Transaction } from './transactionText';

export type CancelWithdrawalDialogProps = {
  /** The pending withdrawal to cancel; null keeps the dialog closed. */
  withdrawal: Transaction | null;
  /** Called when it closes: backed out of, cancelled, or refused. */
  onClose: () => void;
  /**
   * After the server answered: cancelled, or refused because it was resolved meanwhile (409). The
   * history and the balances load again.
   */
  onSettled: () => void;
  /** Where focus goes once it has closed (the row's Details button), in place of the trigger. */
  onCloseAutoFocus?: (event: Event) => void;
};

/**
 * Asks before a pending withdrawal is cancelled, repeating its amount and address: once cancelled
 * it is not sent, and its amount is back in the available balance at once. An alert dialog: focus
 * starts on "Keep withdrawal", so an Enter pressed out of habit cancels nothing. The answer is a
 * toast; one resolved meanwhile (approved, rejected or cancelled elsewhere: 409) says so, and the
 * history shows it as it now is.
 */
export function CancelWithdrawalDialog({
  withdrawal,
  onClose,
  onSettled,
  onCloseAutoFocus,
}: CancelWithdrawalDialogProps) {
  // The last withdrawal stays shown while the dialog plays its closing transition.
  const [shown, setShown] = useState(withdrawal);
  if (withdrawal !== null && withdrawal !== shown) setShown(withdrawal);
  const row = withdrawal ?? shown;
  const [pending, setPending] = useState(false);
  const keepRef = useRef<HTMLButtonElement>(null);

  const cancel = async (target: Transaction) => {
    setPending(true);
    try {
      const { msg } = await unwrap(
        api.POST('/withdrawals/{withdrawalId}/cancel', { params: { path: { withdrawalId: target._id } } }),
      );
      toast.success(msg);
      onSettled();
      onClose();
    } catch (error) {
      showRequestFailure(error);
      // Resolved meanwhile: the history shows how.
      if (error instanceof ApiError && error.status === 409) {
        onSettled();
        onClose();
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog.Root
      open={withdrawal !== null}
      onOpenChange={(open) => {
        if (!open && !pending) onClose();
      }}
    >
      {row && (
        <Dialog.Content
          role="alertdialog"
          // A press outside does not dismiss it: the choice is made with a button.
          onPointerDownOutside={(event) => event.preventDefault()}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            keepRef.current?.focus();
          }}
          onCloseAutoFocus={onCloseAutoFocus}
        >
          <Dialog.Title>Cancel this withdrawal?</Dialog.Title>
          <Dialog.Description>
            {row.ref} will not be sent, and its amount is back in your available balance at once.
          </Dialog.Description>
          <Dialog.Body>
            <dl className={styles.details}>
              <Detail term="Amount">
                <Money amount={row.amount} sign={signOf(row)} colored={false} display="code" />
              </Detail>
              {row.network && <Detail term="Network">{networkLabels[row.network]}</Detail>}
              {row.address && (
                <Detail term="To address">
                  <AddressText address={row.address} copyable={false} />
                </Detail>
              )}
            </dl>
          </Dialog.Body>
          <Dialog.Footer>
            <Dialog.Close asChild>
              <Button ref={keepRef} variant="secondary" disabled={pending}>
                Keep withdrawal
              </Button>
            </Dialog.Close>
            <Button variant="danger" loading={pending} onClick={() => void cancel(row)}>
              Cancel withdrawal
            </Button>
          </Dialog.Footer>
        </Dialog.Content>
      )}
    </Dialog.Root>
  );
}
