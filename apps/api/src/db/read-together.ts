/**
 * Reads asked for together go to the database together. Keys asked for while the event loop handles
 * one round of I/O (several requests read from their sockets at once) are looked up by one query
 * when that round ends; a key asked for twice in the round is looked up once. Each caller gets its
 * own key's answer, or the lookup's error.
 *
 * This is not a cache: a round's query starts after every request it answers arrived, so no answer is
 * older than its request (a write the client saw finish before asking is always seen), and nothing
 * is kept once the round's answers are given.
 */
export function readTogether<Value>(
  lookup: (keys: string[]) => Promise<ReadonlyMap<string, Value>>,
  { maxKeys = 100 }: { maxKeys?: number } = {},
): (key: string) => Promise<Value | undefined> {
  type Waiter = { resolve: (value: Value | undefined) => void; reject: (error: unknown) => void };
  let round: Map<string, Waiter[]> | null = null;

  const flush = (keys: Map<string, Waiter[]>) => {
    if (round === keys) round = null;
    lookup([...keys.keys()]).then(
      (found) => {
        for (const [key, waiters] of keys) for (const waiter of waiters) waiter.resolve(found.get(key));
      },
      (error: unknown) => {
        for (const waiters of keys.values()) for (const waiter of waiters) waiter.reject(error);
      },
    );
  };

  return (key) =>
    new Promise<Value | undefined>((resolve, reject) => {
      if (!round) {
        const keys = new Map<string, Waiter[]>();
        round = keys;
        setImmediate(() => {
          if (round === keys) flush(keys);
        });
      }
      const waiters = round.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else round.set(key, [{ resolve, reject }]);
      // A full round goes now; the next key starts another.
      if (round.size >= maxKeys) flush(round);
    });
}
