import { createContext, useContext } from 'react';

/**
 * Where the screens read the time: the real clock, or a fixed one in stories (whose screenshots must
 * show the same countdown on every run).
 */
export const ClockContext = createContext<() => number>(() => Date.now());

/** The clock the screens read: `clock()` is now, in milliseconds. */
export function useClock(): () => number {
  return useContext(ClockContext);
}
