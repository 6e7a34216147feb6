/**
 * A story's record of what the page showed and when, for the rules that are about time ("Copied"
 * shows for 2000 ms, a success toast lasts 2 s).
 *
 * A play function that sleeps 1.7 s and then expects "Copied" to be still there races the component's
 * own timer: on a busy machine the sleep can end after the timer. A recording cannot race: every DOM
 * change is noted, with its time, by a MutationObserver the moment the page makes it, and the story
 * asserts on the record once the state it waits for has come. Timer callbacks never fire early, so a
 * change timed from before the action that started its clock is at least that clock's duration later,
 * however slow the machine.
 */
export type Timeline<T> = {
  /** Every value `read` gave, the first at the start, each with `performance.now()` when it appeared. */
  readonly changes: readonly { at: number; value: T }[];
  /** When the value first became `value` at or after `since` (undefined if it has not). */
  firstAt(value: T, since?: number): number | undefined;
  /** Stops recording. */
  stop(): void;
};

/** Starts recording what `read` answers, each time the document changes. */
export function recordTimeline<T>(read: () => T): Timeline<T> {
  const changes: { at: number; value: T }[] = [{ at: performance.now(), value: read() }];
  const note = () => {
    const value = read();
    const last = changes[changes.length - 1];
    if (!last || !Object.is(last.value, value)) changes.push({ at: performance.now(), value });
  };
  const observer = new MutationObserver(note);
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  return {
    changes,
    firstAt(value, since = Number.NEGATIVE_INFINITY) {
      return changes.find((change) => Object.is(change.value, value) && change.at >= since)?.at;
    },
    stop() {
      note();
      observer.disconnect();
    },
  };
}
