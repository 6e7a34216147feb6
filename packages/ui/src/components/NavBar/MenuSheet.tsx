import { Dialog } from 'radix-ui';
import { type ReactNode, useId } from 'react';
import { visuallyHidden } from '../../styles/visuallyHidden.css';
import { icon, iconButton, overlay, sheet, sheetHeader } from './MenuSheet.css';

// The navigation panel of narrow screens, shared by NavBar and DashboardShell (not exported from
// the package): a modal side sheet on Radix Dialog, so focus is trapped inside while it is open,
// Escape closes it and focus goes back to the hamburger, which Radix gives aria-expanded.

function HamburgerIcon() {
  return (
    <svg viewBox="0 0 24 24" className={icon} aria-hidden="true" focusable="false">
      <path
        d="M4 7h16M4 12h16M4 17h16"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

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

export type MenuSheetProps = {
  /** Whether the sheet is open (controlled). */
  open: boolean;
  /** Called to open or close it. */
  onOpenChange: (open: boolean) => void;
  /** The hamburger's accessible name. @default 'Open menu' */
  triggerLabel?: string;
  /** Extra classes for the hamburger, e.g. to hide it on wide screens. */
  triggerClassName?: string;
  /** The sheet's name, for screen readers, e.g. "Menu". */
  title: string;
  /** What heads the sheet beside the close button, e.g. the logo. */
  header?: ReactNode;
  /** The close button's accessible name. @default 'Close menu' */
  closeLabel?: string;
  /** The edge it slides in from. @default 'right' */
  side?: 'left' | 'right';
  /** Extra classes for the sheet, e.g. to hide it on wide screens. */
  className?: string;
  /** The sheet's content: the links, buttons. */
  children: ReactNode;
};

/** A hamburger and the modal side sheet it opens, holding the navigation on narrow screens. */
export function MenuSheet({
  open,
  onOpenChange,
  triggerLabel = 'Open menu',
  triggerClassName,
  title,
  header,
  closeLabel = 'Close menu',
  side = 'right',
  className,
  children,
}: MenuSheetProps) {
  // Radix names the sheet in aria-controls only while it is open; the spec's hamburger always
  // names what it controls, so the sheet gets an id of ours (axe accepts a reference to an absent
  // element while aria-expanded is false).
  const sheetId = useId();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>
        <button
          type="button"
          aria-label={triggerLabel}
          aria-controls={sheetId}
          className={[iconButton, triggerClassName].filter(Boolean).join(' ')}
        >
          <HamburgerIcon />
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={[overlay, className].filter(Boolean).join(' ')} />
        <Dialog.Content
          id={sheetId}
          className={[sheet, className].filter(Boolean).join(' ')}
          data-side={side}
          // The sheet is named by its title; it has no description.
          aria-describedby={undefined}
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
