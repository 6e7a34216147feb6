import { describe, expect, it } from 'vitest';
import { readTogether } from './read-together';

/** A lookup that records the keys of each call and answers each key with `key!`. */
function recordingLookup() {
  const calls: string[][] = [];
  const lookup = async (keys: string[]) => {
    calls.push(keys);
    return new Map(keys.map((key) => [key, `${key}!`]));
  };
  return { calls, lookup };
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('readTogether', () => {
  it('looks up the keys asked for in one turn with one call, each key once, each caller its own answer', async () => {
    const { calls, lookup } = recordingLookup();
    const read = readTogether(lookup);
    const answers = await Promise.all([read('a'), read('b'), read('a')]);
    expect(answers).toEqual(['a!', 'b!', 'a!']);
    expect(calls).toEqual([['a', 'b']]);
  });

  it('answers undefined for a key the lookup did not find', async () => {
    const read = readTogether(async () => new Map([['a', 1]]));
    expect(await Promise.all([read('a'), read('missing')])).toEqual([1, undefined]);
  });

  it('never answers a key from a lookup that started before it was asked for', async () => {
    const calls: string[][] = [];
    let finishFirst: () => void = () => undefined;
    let version = 0;
    const read = readTogether(async (keys) => {
      calls.push(keys);
      version += 1;
      const seen = version;
      if (seen === 1) await new Promise<void>((resolve) => (finishFirst = resolve));
      return new Map(keys.map((key) => [key, seen]));
    });
    const first = read('a');
    await nextTurn();
    // The first lookup is under way: the same key asked now waits for a lookup of its own.
    const second = read('a');
    await nextTurn();
    finishFirst();
    expect(await first).toBe(1);
    expect(await second).toBe(2);
    expect(calls).toEqual([['a'], ['a']]);
  });

  it("rejects every caller of a failed lookup with its error, and the next turn's callers are unaffected", async () => {
    let fail = true;
    const read = readTogether(async (keys) => {
      if (fail) throw new Error('database down');
      return new Map(keys.map((key) => [key, key]));
    });
    const failed = await Promise.allSettled([read('a'), read('b')]);
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(failed.map((result) => (result as PromiseRejectedResult).reason.message)).toEqual([
      'database down',
      'database down',
    ]);
    fail = false;
    expect(await read('a')).toBe('a');
  });

  it('sends a full round at once and starts another for the keys after it', async () => {
    const { calls, lookup } = recordingLookup();
    const read = readTogether(lookup, { maxKeys: 2 });
    const answers = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((key) => read(key)));
    expect(answers).toEqual(['a!', 'b!', 'c!', 'd!', 'e!']);
    expect(calls).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  });
});
