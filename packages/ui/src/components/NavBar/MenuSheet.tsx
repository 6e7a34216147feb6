import { clsx } from 'clsx';
import { type ComponentType, type ReactNode, useId, useRef, useState } from 'react';
import { MenuIcon } from '../../icons/icons';
import { icon, iconButton } from './MenuSheet.css';
import type { MenuSheetPanelProps } from './MenuSheetPanel';

// The navigation panel of narrow screens, shared by NavBar and DashboardShell (not exported from
// the package): a hamburger and a modal side sheet. The sheet (Radix Dialog: focus trapped inside,
// Escape closes it, focus goes back to the hamburger) is a chunk of its own, fetched when the
// hamburger is pointed at, focused or pressed: most visits never open it, and wide screens never can.

let panelModule: Promise<typeof import('./MenuSheetPanel')> | undefined;

function loadPanel() {
  panelModule ??= import('./MenuSheetPanel').catch((error: unknown) => {
    // Offline for a moment: the next press tries again.
    panelModule = undefined;
    throw error;
  });
  return panelModule;
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
  // The hamburger always names what it controls, so the sheet gets an id of ours (axe accepts
  // a reference to an absent element while aria-expanded is false).
  const sheetId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [Panel, setPanel] = useState<ComponentType<MenuSheetPanelProps> | null>(null);

  const fetchPanel = () => {
    if (Panel) return;
    loadPanel().then(
      (module) => setPanel(() => module.MenuSheetPanel),
      () => onOpenChange(false),
    );
  };

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        aria-label={triggerLabel}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={sheetId}
        data-state={open ? 'open' : 'closed'}
        className={clsx(iconButton, triggerClassName)}
        onPointerEnter={fetchPanel}
        onFocus={fetchPanel}
        onClick={() => {
          fetchPanel();
          onOpenChange(!open);
        }}
      >
        <MenuIcon className={icon} />
      </button>
      {Panel && (
        <Panel
          open={open}
          onOpenChange={onOpenChange}
          id={sheetId}
          triggerRef={triggerRef}
          title={title}
          header={header}
          closeLabel={closeLabel}
          side={side}
          className={className}
        >
          {children}
        </Panel>
      )}
    </>
  );
}
