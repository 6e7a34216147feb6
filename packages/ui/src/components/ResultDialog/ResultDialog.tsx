import { clsx } from 'clsx';
import { type ReactElement, type ReactNode, useRef, useState } from 'react';
import { Button } from '../Button/Button';
import { Dialog, type DialogContentProps } from '../Dialog/Dialog';
import { StatusIcon } from '../StatusBadge/StatusIcon';
import {
  content,
  footer,
  icon as iconStyle,
  message as messageStyle,
  type ResultDialogVariants,
  title as titleStyle,
} from './ResultDialog.css';

export type ResultDialogProps = Omit<DialogContentProps, 'title' | 'children'> & {
  /** Whether the dialog is shown (controlled). */
  open?: boolean;
  /** Called when the dialog asks to open or close: Escape, the close button, the action. */
  onOpenChange?: (open: boolean) => void;
  /** Whether the dialog starts shown, when `open` is not controlled. @default false */
  defaultOpen?: boolean;
  /** How the request went: chooses the icon and its colour. @default 'success' */
  tone?: ResultDialogVariants['tone'];
  /** What happened, e.g. "Deposit Request Completed". */
  title: string;
  /** What it means for the person, e.g. that the request now awaits approval. */
  message: ReactNode;
  /** The one action: a button label, or an element (a link) rendered as the button. Either way it also closes the dialog. @default 'Close' */
  action?: string | ReactElement;
};

/** Tells the person how a request went (sent, completed or failed), with one way forward. */
export function ResultDialog({
  open,
  onOpenChange,
  defaultOpen = false,
  tone = 'success',
  title,
  message,
  action = 'Close',
  className,
  onOpenAutoFocus,
  ...rest
}: ResultDialogProps) {
  const footerRef = useRef<HTMLDivElement>(null);
  const [uncontrolledOpen, setUncontrolledOpen] = useState(defaultOpen);
  const isOpen = open ?? uncontrolledOpen;
  const setOpen = (next: boolean) => {
    if (open === undefined) setUncontrolledOpen(next);
    onOpenChange?.(next);
  };
  // Not a Dialog.Close: a router link prevents the click's default, which would stop Radix from
  // closing. The Button calls this whatever the link does.
  const close = () => setOpen(false);
  return (
    <Dialog.Root open={isOpen} onOpenChange={setOpen}>
      <Dialog.Content
        className={clsx(content, className)}
        onOpenAutoFocus={(event) => {
          onOpenAutoFocus?.(event);
          if (event.defaultPrevented) return;
          // Focus the one action, even when it is a link (Radix skips links when it picks a focus).
          const actionElement = footerRef.current?.querySelector<HTMLElement>('a[href], button');
          if (actionElement) {
            event.preventDefault();
            actionElement.focus({ preventScroll: true });
          }
        }}
        {...rest}
      >
        <div className={iconStyle({ tone })}>
          <StatusIcon name={tone === 'error' ? 'error' : 'success'} />
        </div>
        <Dialog.Title className={titleStyle}>{title}</Dialog.Title>
        <Dialog.Description className={messageStyle}>{message}</Dialog.Description>
        <div className={footer} ref={footerRef}>
          {typeof action === 'string' ? (
            <Button fullWidth onClick={close}>
              {action}
            </Button>
          ) : (
            <Button asChild fullWidth onClick={close}>
              {action}
            </Button>
          )}
        </div>
      </Dialog.Content>
    </Dialog.Root>
  );
}
