import { describe, expect, it } from 'vitest';
import { writeBatches } from './write-batches';

describe('write batches', () => {
  it('writes an item alone at once, and what arrives during a write in the next batch', async () => {
    const batches: number[][] = [];
    let release: () => void = () => undefined;
    const add = writeBatches<number>(async (items) => {
      batches.push(items);
      if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
    });
    const first = add(1);
    const rest = [add(2), add(3), add(4)];
    expect(batches).toEqual([[1]]);
    release();
    await Promise.all([first, ...rest]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('fails every item of a batch that fails, and goes on with the next', async () => {
    let calls = 0;
    const add = writeBatches<string>(async (items) => {
      calls += 1;
      if (items.includes('bad')) throw new Error('refused');
    });
    const bad = add('bad');
    const good = add('good');
    await expect(bad).rejects.toThrow('refused');
    await expect(good).resolves.toBeUndefined();
    expect(calls).toBe(2);
  });

  it('writes at most `largest` items in one batch', async () => {
    const sizes: number[] = [];
    const add = writeBatches<number>(
      async (items) => {
        sizes.push(items.length);
      },
      { largest: 2 },
    );
    await Promise.all([1, 2, 3, 4, 5].map(add));
    expect(sizes).toEqual([1, 2, 2]);
  });

  it('with `gatherMs`, writes together what arrives within that time, even with nothing being written', async () => {
    const batches: number[][] = [];
    const add = writeBatches<number>(
      async (items) => {
        batches.push(items);
      },
      { gatherMs: 20 },
    );
    const first = add(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await Promise.all([first, add(2), add(3)]);
    expect(batches).toEqual([[1, 2, 3]]);
  });
});
