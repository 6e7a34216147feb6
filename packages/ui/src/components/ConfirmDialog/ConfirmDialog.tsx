import { type ReactNode, useRef, useState } from 'react';
import { Button } from '../Button/Button';
import { Dialog, type DialogContentProps } from '../Dialog/Dialog';
import type { MoneySign } from '../Money/formatUsd';
import { Money } from '../Money/Money';
import { StatusIcon } from '../StatusBadge/StatusIcon';
import {
  amount as amountStyle,
  definition,
  details,
  errorIcon,
  error as errorStyle,
  recipient as recipientStyle,
  summary,
  term,
} from './ConfirmDialog.css';

export type ConfirmDialogProps = Omit<
  DialogContentProps,
  'title' | 'children' | 'showCloseButton' | 'closeLabel' | 'role'
> & {
  /** Whether the dialog is shown (controlled). */
  open: boolean;
  /** Called with `false` when the person backs out (Cancel, Escape); never while `pending`. */
  onOpenChange: (open: boolean) => void;
  /** The question, e.g. "Post a profit?". */
  title: ReactNode;
  /** The amount in US dollars (a number or a decimal string), written with `sign`'s + or -. */
  amount: number | string;
  /** Which way the money moves: a credit is written "+ $250.00", a debit "- $40.00". */
  sign: MoneySign;
  /** Whom it is for, as a line under the amount, e.g. "to Jane Cooper (jane@example.com)". */
  recipient: ReactNode;
  /** The memo that goes with it, shown as it will be recorded. @default undefined */
  memo?: ReactNode;
  /** The confirming button's label; it should repeat the action, e.g. "Post + $250.00". */
  confirmLabel: ReactNode;
  /** Called once per press of the confirming button. A returned promise keeps the dialog pending until it settles. */
  onConfirm: () => unknown;
  /** The backing-out button's label ("Back" when it returns to a form). @default 'Cancel' */
  cancelLabel?: string;
  /** The request is on its way: the confirming button shows progress and ignores presses, and the dialog cannot be dismissed. @default false */
  pending?: boolean;
  /** Why the last attempt failed, shown above the buttons and announced. @default undefined */
  error?: ReactNode;
  /** Draws the confirming button as a danger (for a debit, say). @default false */
  destructive?: boolean;
};

/**
 * Asks a person to confirm a movement of money, repeating its amount with its sign and whom it is
 * for. It behaves as an alert dialog: it interrupts (a press outside does not dismiss it) and focus
 * starts on the button that backs out, so an Enter pressed out of habit never moves money.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  amount,
  sign,
  recipient,
  memo,
  confirmLabel,
  onConfirm,
  cancelLabel = 'Cancel',
  pending = false,
  error,
  destructive = false,
  onOpenAutoFocus,
  onPointerDownOutside,
  onInteractOutside,
  ...rest
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  // Set in the press itself, so a second press before the next render is ignored too.
  const running = useRef(false);
  const [settling, setSettling] = useState(false);
  const busy = pending || settling;

  const confirm = () => {
    if (busy || running.current) return;
    const result = onConfirm();
    if (result instanceof Promise) {
      running.current = true;
      setSettling(true);
      const settled = () => {
        running.current = false;
        setSettling(false);
      };
      result.then(settled, settled);
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && busy) return;
        onOpenChange(next);
      }}
    >
      <Dialog.Content
        role="alertdialog"
        showCloseButton={false}
        aria-busy={busy || undefined}
        onOpenAutoFocus={(event) => {
          onOpenAutoFocus?.(event);
          if (event.defaultPrevented) return;
          event.preventDefault();
          cancelRef.current?.focus({ preventScroll: true });
        }}
        // An alert dialog is answered, not dismissed by a press beside it.
        onPointerDownOutside={(event) => {
          onPointerDownOutside?.(event);
          event.preventDefault();
        }}
        onInteractOutside={(event) => {
          onInteractOutside?.(event);
          event.preventDefault();
        }}
        {...rest}
      >
        <Dialog.Title>{title}</Dialog.Title>
        <Dialog.Description className={summary}>
          <Money amount={amount} sign={sign} className={amountStyle} />{' '}
          <span className={recipientStyle}>{recipient}</span>
        </Dialog.Description>
        {memo && (
          <Dialog.Body>
            <dl className={details}>
              <dt className={term}>Memo</dt>
              <dd className={definition}>{memo}</dd>
            </dl>
          </Dialog.Body>
        )}
        {error && (
          <div className={errorStyle} role="alert">
            <span className={errorIcon}>
              <StatusIcon name="error" />
            </span>
            <span>{error}</span>
          </div>
        )}
        <Dialog.Footer>
          <Button ref={cancelRef} variant="secondary" disabled={busy} onClick={() => onOpenChange(false)}>
            {cancelLabel}
          </Button>
          <Button variant={destructive ? 'danger' : 'primary'} loading={busy} onClick={confirm}>
            {confirmLabel}
          </Button>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Root>
  );
}
