import { clsx } from 'clsx';
import { Dialog as RadixDialog } from 'radix-ui';
import { type ComponentPropsWithRef, createContext, use, useRef, useState } from 'react';
import { CloseIcon } from '../../icons/icons';
import {
  body,
  closeButton,
  content,
  description as descriptionStyle,
  footer,
  overlay,
  title as titleStyle,
} from './Dialog.css';
import { ModalOverlay } from './ModalOverlay';

/** Whether the dialog is open, for its overlay (Radix keeps its own state to itself). */
const DialogOpen = createContext(false);

export type DialogRootProps = ComponentPropsWithRef<typeof RadixDialog.Root>;

/** Holds the open state: controlled (`open`, `onOpenChange`) or not (`defaultOpen`). */
function Root({ open, defaultOpen = false, onOpenChange, ...rest }: DialogRootProps) {
  const [openUncontrolled, setOpenUncontrolled] = useState(defaultOpen);
  const isOpen = open ?? openUncontrolled;
  return (
    <DialogOpen value={isOpen}>
      <RadixDialog.Root
        open={isOpen}
        onOpenChange={(next) => {
          setOpenUncontrolled(next);
          onOpenChange?.(next);
        }}
        {...rest}
      />
    </DialogOpen>
  );
}

export type DialogContentProps = ComponentPropsWithRef<typeof RadixDialog.Content> & {
  /** Shows the close (×) button in the top-right corner. @default true */
  showCloseButton?: boolean;
  /** The close button's accessible name. @default 'Close' */
  closeLabel?: string;
};

/**
 * The dialog itself, portalled into <body> over a dimming overlay. Focus moves inside when it opens,
 * stays inside while it is open, and returns to the trigger when it closes; Escape closes it.
 * Put a `Dialog.Title` in it (and usually a `Dialog.Description`).
 */
function Content({
  className,
  children,
  showCloseButton = true,
  closeLabel = 'Close',
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...rest
}: DialogContentProps) {
  // Radix returns focus to a Dialog.Trigger. A dialog opened from code (a result after a form is
  // submitted) has none, so focus goes back to whatever had it when the dialog opened.
  const focusedBeforeOpen = useRef<HTMLElement | null>(null);
  const open = use(DialogOpen);
  return (
    <RadixDialog.Portal>
      <ModalOverlay open={open} className={overlay} />
      <RadixDialog.Content
        className={clsx(content, className)}
        onOpenAutoFocus={(event) => {
          const active = document.activeElement;
          focusedBeforeOpen.current =
            active instanceof HTMLElement && active !== document.body ? active : null;
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          const previous = focusedBeforeOpen.current;
          if (!event.defaultPrevented && previous?.isConnected) {
            event.preventDefault();
            previous.focus();
          }
        }}
        {...rest}
      >
        {children}
        {/* Last in the DOM so that opening focuses the dialog's own content first; drawn in the corner. */}
        {showCloseButton && (
          <RadixDialog.Close className={closeButton} aria-label={closeLabel}>
            <CloseIcon />
          </RadixDialog.Close>
        )}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

export type DialogTitleProps = ComponentPropsWithRef<typeof RadixDialog.Title>;

/** The dialog's heading: names the dialog for screen readers. */
function Title({ className, ...rest }: DialogTitleProps) {
  return <RadixDialog.Title className={clsx(titleStyle, className)} {...rest} />;
}

export type DialogDescriptionProps = ComponentPropsWithRef<typeof RadixDialog.Description>;

/** One or two sentences under the title; read out with the dialog's name. */
function Description({ className, ...rest }: DialogDescriptionProps) {
  return <RadixDialog.Description className={clsx(descriptionStyle, className)} {...rest} />;
}

export type DialogBodyProps = ComponentPropsWithRef<'div'>;

/** The dialog's main content (a form, a list), spaced from the title. */
function Body({ className, ...rest }: DialogBodyProps) {
  return <div className={clsx(body, className)} {...rest} />;
}

export type DialogFooterProps = ComponentPropsWithRef<'div'>;

/** The row of actions at the bottom, aligned to the end; wraps on narrow screens. */
function Footer({ className, ...rest }: DialogFooterProps) {
  return <div className={clsx(footer, className)} {...rest} />;
}

/**
 * A modal dialog (Radix Dialog): `Dialog.Root` holds the state (`open`/`onOpenChange` or
 * `defaultOpen`), `Dialog.Trigger` opens it (use `asChild` with a `Button`), `Dialog.Close` closes it.
 */
export const Dialog = {
  Root,
  /** The control that opens the dialog; focus returns to it on close. */
  Trigger: RadixDialog.Trigger,
  Content,
  Title,
  Description,
  Body,
  Footer,
  /** Closes the dialog when pressed (use `asChild` with a `Button`). */
  Close: RadixDialog.Close,
};

export type DialogTriggerProps = ComponentPropsWithRef<typeof RadixDialog.Trigger>;
export type DialogCloseProps = ComponentPropsWithRef<typeof RadixDialog.Close>;
