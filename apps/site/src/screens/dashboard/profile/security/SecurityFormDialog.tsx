import { ApiError } from '@ledgerline/api-client';
import { Button, Dialog } from '@ledgerline/ui';
import { type FormEventHandler, type ReactNode, type RefObject, useState } from 'react';
import * as styles from './SecurityPanels.css';

/** The server's refusal of a security dialog's form, and how to send the form so it is kept. */
export type Refusal = {
  message: string | null;
  /**
   * Runs `send`, clearing the last refusal first. A refusal is kept to be shown, except a 401: that
   * has ended the session, and the api client has said so.
   */
  attempt: (send: () => Promise<void>) => Promise<void>;
  clear: () => void;
};

export function useRefusal(): Refusal {
  const [message, setMessage] = useState<string | null>(null);
  return {
    message,
    attempt: async (send) => {
      setMessage(null);
      try {
        await send();
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return;
        setMessage(error instanceof ApiError ? error.msg : String(error));
      }
    },
    clear: () => setMessage(null),
  };
}

export type SecurityFormDialogProps = {
  /** Whether the dialog is shown (controlled). */
  open: boolean;
  /** Called when the person closes it (Cancel, Escape, outside), after the form is put back. */
  onClose: () => void;
  title: ReactNode;
  description: ReactNode;
  /** The dialog's form, put back to its first values whenever the dialog closes. */
  form: { reset: () => void };
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  refusal: Refusal;
  /** The form's own submit button, which knows when the form is being sent. */
  submit: ReactNode;
  /** The fields. */
  children: ReactNode;
};

/**
 * A dialog of Profile → Security that asks for something before changing the account: its fields,
 * the server's refusal above the buttons (the server often does not say which field was wrong), then
 * Cancel and the submit button. Closing it forgets what was typed and the refusal.
 */
export function SecurityFormDialog({
  open,
  onClose,
  title,
  description,
  form,
  formRef,
  onSubmit,
  refusal,
  submit,
  children,
}: SecurityFormDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next) return;
        form.reset();
        refusal.clear();
        onClose();
      }}
    >
      <Dialog.Content>
        <Dialog.Title>{title}</Dialog.Title>
        <Dialog.Description>{description}</Dialog.Description>
        <form ref={formRef} noValidate onSubmit={onSubmit}>
          <Dialog.Body className={styles.setupFields}>
            {children}
            {refusal.message && (
              <p role="alert" className={styles.formError}>
                {refusal.message}
              </p>
            )}
          </Dialog.Body>
          <Dialog.Footer>
            <Dialog.Close asChild>
              <Button variant="secondary">Cancel</Button>
            </Dialog.Close>
            {submit}
          </Dialog.Footer>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
