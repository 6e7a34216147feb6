import type { Schemas } from '@ledgerline/api-client';
import { useSyncExternalStore } from 'react';

/** The saved session: the whole sign-in answer, kept under the fixed key `user-info`. */
export type Session = Schemas['LoginResult'];

export const sessionKey = 'user-info';

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedSession: Session | null = null;

function storage(): Storage | null {
  // Prerendering runs without a window; a browser with storage switched off throws on access.
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function parse(raw: string | null): Session | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value === 'object' && value !== null && 'token' in value && typeof value.token === 'string') {
      return value as Session;
    }
  } catch {
    // A hand-edited or corrupt entry is no session.
  }
  return null;
}

/** The saved session, or null. The same object is returned until the stored value changes. */
export function readSession(): Session | null {
  const raw = storage()?.getItem(sessionKey) ?? null;
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedSession = parse(raw);
  }
  return cachedSession;
}

function notify() {
  for (const listener of listeners) listener();
}

/** Saves the whole sign-in answer, as it came, under `user-info`. */
export function saveSession(session: Session): void {
  storage()?.setItem(sessionKey, JSON.stringify(session));
  notify();
}

/** Removes the saved session (logout, or the server said it ended). */
export function clearSession(): void {
  storage()?.removeItem(sessionKey);
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab signing in or out changes this one too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === sessionKey || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The saved session, kept current across tabs. Null while prerendering. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, readSession, () => null);
}
