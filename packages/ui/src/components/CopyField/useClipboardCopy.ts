import { useCallback, useEffect, useRef, useState } from 'react';

/** "Copied" stays for 2000 ms, then the button says "Copy" again. */
export const copyResetMs = 2000;

/** `idle` before any copy; `copied` for `copyResetMs` after one; `failed` when the browser refused. */
export type CopyState = 'idle' | 'copied' | 'failed';

/** Writes text to the clipboard and says so for a while, then forgets. Shared by CopyField and AddressText. */
export function useClipboardCopy(resetAfter: number = copyResetMs) {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(
    async (text: string): Promise<boolean> => {
      clearTimeout(timer.current);
      try {
        // Missing outside secure contexts (http on a LAN address): treated as a refusal.
        if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
        await navigator.clipboard.writeText(text);
      } catch {
        // A refusal stays on screen until the next try: the person has to copy by hand.
        setState('failed');
        return false;
      }
      setState('copied');
      // A second copy restarts the countdown.
      timer.current = setTimeout(() => setState('idle'), resetAfter);
      return true;
    },
    [resetAfter],
  );

  return { state, copy };
}
