import { type ComponentPropsWithRef, useEffect } from 'react';
import { scrollbarSpaceKept, scrollLocked } from '../../styles/scrollLock.css';

// How many modal overlays are on screen: a dialog opened from the menu sheet keeps the page locked
// until both have gone.
let overlaysShown = 0;

/** Holds the page still while an overlay is shown; returns what lets it scroll again. */
function lockPageScroll(): () => void {
  const root = document.documentElement;
  if (overlaysShown === 0) {
    // A page wider than its viewport's content box shows a classic scrollbar (phones have none).
    root.classList.toggle(scrollbarSpaceKept, window.innerWidth > root.clientWidth);
    root.classList.add(scrollLocked);
  }
  overlaysShown += 1;
  return () => {
    overlaysShown -= 1;
    if (overlaysShown === 0) root.classList.remove(scrollLocked, scrollbarSpaceKept);
  };
}

export type ModalOverlayProps = ComponentPropsWithRef<'div'> & {
  /** Whether its modal is open: `data-state` is `open` or `closed`, as on Radix's parts. */
  open: boolean;
};

/**
 * The dimming layer behind a modal (Dialog, the menu sheet), which also holds the page behind it
 * still. It stands in for Radix's Dialog.Overlay, whose scroll lock (react-remove-scroll) injects a
 * <style> element that the Content-Security-Policy refuses: this one puts a class on <html>.
 * Render it inside Dialog.Portal, which keeps it mounted until its closing animation ends; the page
 * scrolls again when it unmounts.
 */
export function ModalOverlay({ open, ...rest }: ModalOverlayProps) {
  useEffect(lockPageScroll, []);
  return <div data-state={open ? 'open' : 'closed'} {...rest} />;
}
