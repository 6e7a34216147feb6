import type { ReactNode } from 'react';

/** What a toast is for: it picks the icon, the default duration and how urgently it is announced. */
export type ToastKind = 'blank' | 'success' | 'error' | 'loading' | 'custom';

/** A custom toast's handle on itself, passed to its render function. */
export type ToastHandle = {
  /** The toast's id. */
  id: string;
  /** Closes this toast. */
  dismiss: () => void;
};

/** One toast as the store keeps it. */
export type ToastItem = {
  id: string;
  kind: ToastKind;
  /** The words (every kind but `custom`). */
  message: ReactNode;
  /** The content of a `custom` toast. */
  render?: (toast: ToastHandle) => ReactNode;
  /** Milliseconds before it closes by itself; `Infinity` never. */
  duration: number;
  /** False once dismissed: kept a little longer so its exit transition can play. */
  open: boolean;
};

export type ToastOptions = {
  /** Reuses an id to update a toast in place (a loading toast becomes a success). @default a new id */
  id?: string;
  /** Milliseconds before it closes by itself; `Infinity` keeps it until dismissed. @default 4000 (success 2000, loading Infinity) */
  duration?: number;
};

// How long a toast stays: success 2000 ms; blank, error and custom 4000 ms; loading until resolved.
const defaultDurations: Record<ToastKind, number> = {
  blank: 4000,
  success: 2000,
  error: 4000,
  custom: 4000,
  loading: Number.POSITIVE_INFINITY,
};
/** At most 20 toasts are kept; the oldest go first. */
export const TOAST_LIMIT = 20;
/** A dismissed toast is cleared 1000 ms after it closes, once its exit transition has played. */
export const TOAST_REMOVE_DELAY = 1000;

const noToasts: readonly ToastItem[] = [];
let toasts: readonly ToastItem[] = noToasts;
let lastId = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function publish(next: readonly ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function cancelRemoval(id: string) {
  const timer = removalTimers.get(id);
  if (timer !== undefined) {
    clearTimeout(timer);
    removalTimers.delete(id);
  }
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      publish(toasts.filter((item) => item.id !== id));
    }, TOAST_REMOVE_DELAY),
  );
}

function show(
  kind: ToastKind,
  content: Pick<ToastItem, 'message' | 'render'>,
  options: ToastOptions = {},
): string {
  lastId += 1;
  const id = options.id ?? `toast-${lastId}`;
  cancelRemoval(id);
  const item: ToastItem = {
    id,
    kind,
    ...content,
    duration: options.duration ?? defaultDurations[kind],
    open: true,
  };
  if (toasts.some((existing) => existing.id === id)) {
    publish(toasts.map((existing) => (existing.id === id ? item : existing)));
  } else {
    // Newest first; past the limit the oldest are dropped at once.
    const next = [item, ...toasts];
    for (const dropped of next.slice(TOAST_LIMIT)) cancelRemoval(dropped.id);
    publish(next.slice(0, TOAST_LIMIT));
  }
  return id;
}

function dismiss(id?: string) {
  const closing = toasts.filter((item) => item.open && (id === undefined || item.id === id));
  if (closing.length === 0) return;
  const ids = new Set(closing.map((item) => item.id));
  publish(toasts.map((item) => (ids.has(item.id) ? { ...item, open: false } : item)));
  for (const closed of ids) scheduleRemoval(closed);
}

function remove(id?: string) {
  for (const item of toasts) if (id === undefined || item.id === id) cancelRemoval(item.id);
  publish(id === undefined ? noToasts : toasts.filter((item) => item.id !== id));
}

/** The store behind `toast()`: module-level, so toasts can be raised from anywhere, read with `useSyncExternalStore`. */
export const toastStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  getSnapshot: (): readonly ToastItem[] => toasts,
  getServerSnapshot: (): readonly ToastItem[] => noToasts,
  /**
   * Puts back the open toasts of a snapshot that a Toaster took with it as it went away: a page
   * handed over to another root (an island to the app) keeps its toasts on screen. A toast the store
   * holds again already is left as it is.
   */
  restore(items: readonly ToastItem[]) {
    const kept = items.filter((item) => item.open && !toasts.some((existing) => existing.id === item.id));
    if (kept.length > 0) publish([...kept, ...toasts].slice(0, TOAST_LIMIT));
  },
};

type PromiseMessages<T> = {
  /** Shown while the promise is pending. */
  loading: ReactNode;
  /** Shown when it resolves; a function gets the result. */
  success: ReactNode | ((value: T) => ReactNode);
  /** Shown when it rejects; a function gets the error. */
  error: ReactNode | ((error: unknown) => ReactNode);
};

/**
 * Raises a toast from anywhere (a `<Toaster />` must be mounted to show it) and returns its id.
 * `toast(message)` is a plain toast (4000 ms); the kinds below pick an icon and a duration.
 */
export const toast = Object.assign(
  (message: ReactNode, options?: ToastOptions) => show('blank', { message }, options),
  {
    /** A success toast: a tick, 2000 ms. */
    success: (message: ReactNode, options?: ToastOptions) => show('success', { message }, options),
    /** An error toast: a cross, 4000 ms, announced assertively. */
    error: (message: ReactNode, options?: ToastOptions) => show('error', { message }, options),
    /** A loading toast: a spinner; stays until updated (same `id`) or dismissed. */
    loading: (message: ReactNode, options?: ToastOptions) => show('loading', { message }, options),
    /** A toast with your own content, 4000 ms; the render function gets the toast's id and `dismiss`. */
    custom: (render: (toast: ToastHandle) => ReactNode, options?: ToastOptions) =>
      show('custom', { message: null, render }, options),
    /** Closes one toast (by id) or all of them; each is cleared from the store 1000 ms later. */
    dismiss,
    /** Removes one toast (by id) or all of them at once, with no exit transition. */
    remove,
    /**
     * Shows a loading toast while `promise` is pending, then turns it into a success or an error
     * toast. Returns the same promise, so the caller still handles its result and its rejection.
     */
    promise<T>(promise: Promise<T>, messages: PromiseMessages<T>, options?: ToastOptions): Promise<T> {
      const id = show('loading', { message: messages.loading }, { ...options, duration: undefined });
      promise.then(
        (value) => {
          const message = typeof messages.success === 'function' ? messages.success(value) : messages.success;
          show('success', { message }, { ...options, id });
        },
        (error: unknown) => {
          const message = typeof messages.error === 'function' ? messages.error(error) : messages.error;
          show('error', { message }, { ...options, id });
        },
      );
      return promise;
    },
  },
);
