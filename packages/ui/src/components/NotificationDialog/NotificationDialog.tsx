import { Dialog as RadixDialog } from 'radix-ui';
import { Button } from '../Button/Button';
import { Dialog, type DialogContentProps } from '../Dialog/Dialog';
import { NotificationContent } from './NotificationContent';

export type NotificationDialogProps = Omit<DialogContentProps, 'title' | 'content' | 'children'> & {
  /** Whether the dialog is shown (controlled). */
  open?: boolean;
  /** Called when the dialog asks to open or close (Okay, Escape). */
  onOpenChange?: (open: boolean) => void;
  /** Whether the dialog starts shown, when `open` is not controlled. @default false */
  defaultOpen?: boolean;
  /** The notification's title. */
  title: string;
  /** The notification's body as HTML: sanitised (formatting and links only) before it is shown. */
  content: string;
  /** Called when the person presses "Okay" (the dialog then closes); Escape closes without calling it. */
  onOkay?: () => void;
};

/** A message from the back office, shown once on the dashboard until the person presses "Okay". */
export function NotificationDialog({
  open,
  onOpenChange,
  defaultOpen,
  title,
  content,
  onOkay,
  showCloseButton = false,
  ...rest
}: NotificationDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange} defaultOpen={defaultOpen}>
      <Dialog.Content showCloseButton={showCloseButton} {...rest}>
        <Dialog.Title>{title}</Dialog.Title>
        {/* The content is the dialog's description, so it is read out when the dialog opens. */}
        <RadixDialog.Description asChild>
          <NotificationContent html={content} />
        </RadixDialog.Description>
        <Dialog.Footer>
          <Dialog.Close asChild>
            <Button onClick={onOkay}>Okay</Button>
          </Dialog.Close>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Root>
  );
}
