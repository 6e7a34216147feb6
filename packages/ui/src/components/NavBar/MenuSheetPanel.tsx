import { Dialog } from 'radix-ui';
import type { ReactNode, RefObject } from 'react';
import { visuallyHidden } from '../../styles/visuallyHidden.css';
import { icon, iconButton } from './MenuSheet.css';
import { overlay, sheet, sheetHeader } from './MenuSheetPanel.css';

// The modal side sheet behind MenuSheet's hamburger, in a chunk of its own: Radix Dialog (focus
// trap, scroll lock, Escape) loads with the first press of the hamburger, not with every page.

function CloseIcon() {
  return (
    <svg viewBox="0 0 24 24" className={icon} aria-hidden="true" focusable="false">
      <path
        d="M6 6l12 12M18 6 6 18"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

export type MenuSheetPanelProps = {
  /** Whether the sheet is open (controlled). */
  open: boolean;
  /** Called to open or close it. */
  onOpenChange: (open: boolean) => void;
  /** The sheet's id, named by the hamburger's aria-controls. */
  id: string;
  /** The hamburger, which gets the focus back when the sheet closes. */
  triggerRef: RefObject<HTMLButtonElement | null>;
  /** The sheet's name, for screen readers, e.g. "Menu". */
  title: string;
  /** What heads the sheet beside the close button, e.g. the logo. */
  header?: ReactNode;
  /** The close button's accessible name. */
  closeLabel: string;
  /** The edge it slides in from. */
  side: 'left' | 'right';
  /** Extra classes for the sheet and its overlay. */
  className?: string;
  /** The sheet's content: the links, buttons. */
  children: ReactNode;
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
        <Dialog.Overlay className={[overlay, className].filter(Boolean).join(' ')} />
        <Dialog.Content
          id={id}
          className={[sheet, className].filter(Boolean).join(' ')}
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
                <CloseIcon />
              </button>
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
