import type { Schemas } from '@ledgerline/api-client';
import { useEffect, useRef } from 'react';

/** One event of the signed-in account's live stream, as the contract defines it. */
export type LiveEvent = Schemas['LiveEvent'];
export type LiveEventType = LiveEvent['type'];

/** The events that can have one of `Type`s as their type (a request's review has two). */
export type LiveEventOf<Type extends LiveEventType> = LiveEvent extends infer Event
  ? Event extends { type: infer Types }
    ? [Extract<Types, Type>] extends [never]
      ? never
      : Event
    : never
  : never;

type Listener = (event: LiveEvent) => void;

const listeners = new Set<Listener>();

/** Hands an event of the stream to every screen listening. */
export function publishLiveEvent(event: LiveEvent): void {
  for (const listener of [...listeners]) listener(event);
}

/** Calls `listener` with each event of the stream until the returned function is called. */
export function subscribeLiveEvents(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Calls `onEvent` with each event of the given types while the component shows. Screens reload what
 * they show with it, so a review or a posting appears without a reload of the page.
 */
export function useLiveEvents<Type extends LiveEventType>(
  types: readonly Type[],
  onEvent: (event: LiveEventOf<Type>) => void,
): void {
  const onEventRef = useRef(onEvent);
  onEventRef.current = onEvent;
  const key = types.join(' ');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `types`.
  useEffect(
    () =>
      subscribeLiveEvents((event) => {
        if ((types as readonly LiveEventType[]).includes(event.type))
          onEventRef.current(event as LiveEventOf<Type>);
      }),
    [key],
  );
}

/**
 * Calls `refresh` once an event of the given types has arrived while the component shows: what the
 * screen shows loads again. Events that arrive together (the ones missed while reconnecting come at
 * once) ask for one load, not one each.
 */
export function useLiveRefresh(types: readonly LiveEventType[], refresh: () => void): void {
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;
  const queued = useRef(false);
  useLiveEvents(types, () => {
    if (queued.current) return;
    queued.current = true;
    queueMicrotask(() => {
      queued.current = false;
      refreshRef.current();
    });
  });
}
