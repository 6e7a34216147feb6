import { useCallback, useRef } from 'react';

type Attempt = { parts: readonly unknown[]; key: string };

const sameParts = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((part, index) => Object.is(part, b[index]));

/**
 * One `Idempotency-Key` per request a person means to make: submitting the same values again (a
 * retry after the network failed) reuses the key, so the server answers the first answer again and
 * nothing is requested twice; other values get a new key. Once a request succeeds, `settle()`
 * forgets the key, so the next request is a new one even with the same values.
 */
export function useIdempotencyKey() {
  const attempt = useRef<Attempt | null>(null);

  /** The key for a request made of `parts` (compared with `Object.is`: pass the File itself). */
  const keyFor = useCallback((parts: readonly unknown[]) => {
    if (attempt.current && sameParts(attempt.current.parts, parts)) return attempt.current.key;
    const key = crypto.randomUUID();
    attempt.current = { parts, key };
    return key;
  }, []);

  const settle = useCallback(() => {
    attempt.current = null;
  }, []);

  return { keyFor, settle };
}
