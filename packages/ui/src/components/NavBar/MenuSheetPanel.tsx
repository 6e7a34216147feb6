import { clsx } from 'clsx';
import { Dialog } from 'radix-ui';
import type { RefObject } from 'react';
import { CloseIcon } from '../../icons/icons';
import { visuallyHidden } from '../../styles/visuallyHidden.css';
import { ModalOverlay } from '../Dialog/ModalOverlay';
import type { MenuSheetProps } from './MenuSheet';
import { icon, iconButton } from './MenuSheet.css';
import { overlay, sheet, sheetHeader } from './MenuSheetPanel.css';

// The modal side sheet behind MenuSheet's hamburger, in a chunk of its own: Radix Dialog (focus
// trap, Escape) and the overlay's scroll lock load with the first press of the hamburger, not with
// every page.

export type MenuSheetPanelProps = Pick<
  MenuSheetProps,
  'open' | 'onOpenChange' | 'title' | 'header' | 'className' | 'children'
> &
  Required<Pick<MenuSheetProps, 'closeLabel' | 'side'>> & {
    /** The sheet's id, named by the hamburger's aria-controls. */
    id: string;
    /** The hamburger, which gets the focus back when the sheet closes. */
    triggerRef: RefObject<HTMLButtonElement | null>;
  };

/** The sheet alone, opened by a hamburger rendered outside it (MenuSheet). */
export function MenuSheetPanel({
  open,
  onOpenChange,
  id,
  triggerRef,
  title,
  header,
  closeLabel,
  side,
  className,
  children,
}: MenuSheetPanelProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <ModalOverlay open={open} className={clsx(overlay, className)} />
        <Dialog.Content
          id={id}
          className={clsx(sheet, className)}
          data-side={side}
          // The sheet is named by its title; it has no description.
          aria-describedby={undefined}
          // Radix gives the focus back to its own Trigger; the hamburger is ours.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            triggerRef.current?.focus();
          }}
        >
          <Dialog.Title className={visuallyHidden}>{title}</Dialog.Title>
          <div className={sheetHeader}>
            {header}
            <Dialog.Close asChild>
              <button type="button" aria-label={closeLabel} className={iconButton}>
                <CloseIcon className={icon} />
              </button>
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
