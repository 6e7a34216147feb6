import { useState } from 'react';

/**
 * How many times a dialog has opened: a key for its content, so each opening starts from empty
 * fields while the content stays in place (named by its title) through the closing transition.
 */
export function useOpenings(open: boolean): number {
  const [openings, setOpenings] = useState(open ? 1 : 0);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpenings(openings + 1);
  }
  return openings;
}
