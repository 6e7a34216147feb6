/**
 * Writes that need not each have a statement of their own (a mail to the outbox, an activity row
 * recorded after an answer), gathered into batches: one batch is written at a time, and whatever
 * arrives while it is written goes into the next. Alone, an item is written at once (or after `gatherMs`); under
 * load, many share one statement and one commit, which is what costs. `add` answers once the item's
 * batch is written, and fails with it.
 */
export function writeBatches<Item>(
  write: (items: Item[]) => Promise<void>,
  {
    largest = 200,
    gatherMs = 0,
  }: {
    largest?: number;
    /**
     * How long each batch gathers items before it is written (none by default: at once): for writes
     * nobody waits on (after the answer), where a few milliseconds more cost nothing and fewer,
     * larger batches save a statement and a commit each.
     */
    gatherMs?: number;
  } = {},
): (item: Item) => Promise<void> {
  type Waiting = { item: Item; resolve: () => void; reject: (error: unknown) => void };
  let queue: Waiting[] = [];
  let writing = false;

  async function drain(): Promise<void> {
    writing = true;
    try {
      while (queue.length > 0) {
        if (gatherMs > 0) await new Promise((resolve) => setTimeout(resolve, gatherMs));
        const batch = queue.slice(0, largest);
        queue = queue.slice(batch.length);
        try {
          await write(batch.map((waiting) => waiting.item));
          for (const waiting of batch) waiting.resolve();
        } catch (error) {
          for (const waiting of batch) waiting.reject(error);
        }
      }
    } finally {
      writing = false;
    }
  }

  return (item) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!writing) void drain();
    });
}
