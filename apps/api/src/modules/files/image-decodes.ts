/** Work that runs at most a fixed number at a time, in the order it arrives; the rest waits its turn. */
export type ConcurrencyLimit = {
  run<T>(work: () => Promise<T>): Promise<T>;
  /** How many are running now. */
  readonly active: number;
  /** How many are waiting for a turn. */
  readonly waiting: number;
};

export function concurrencyLimit(max: number): ConcurrencyLimit {
  let active = 0;
  const queue: Array<() => void> = [];
  return {
    async run(work) {
      if (active < max) active += 1;
      else await new Promise<void>((resolve) => queue.push(resolve));
      try {
        return await work();
      } finally {
        // A finished turn passes straight to the next in line (the count of running work stays the
        // same), so nothing arriving meanwhile can take it first.
        const next = queue.shift();
        if (next) next();
        else active -= 1;
      }
    },
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
  };
}

/**
 * Uploaded images are decoded and re-encoded at most two at a time in this process. Each takes a core
 * and up to 160 MB for its pixels (40 megapixels, 4 bytes each): a burst of uploads waits here rather
 * than taking every core and the memory the other requests need.
 */
export const imageDecodes = concurrencyLimit(2);
