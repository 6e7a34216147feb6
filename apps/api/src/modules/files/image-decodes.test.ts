import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testImage } from '../../testing/images';
import { concurrencyLimit, imageDecodes } from './image-decodes';
import { checkImage } from './uploads';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('image decodes', () => {
  it('run at most two at a time in the process: twenty uploads at once queue, and all complete', async () => {
    const images = await Promise.all(Array.from({ length: 20 }, () => testImage('png', 512)));
    // Counted where sharp does the work (reading the header, decoding and re-encoding), not by the
    // limiter itself: work that went around the limiter would be counted too.
    let inFlight = 0;
    let mostInFlight = 0;
    for (const method of ['metadata', 'toBuffer'] as const) {
      const original = sharp.prototype[method] as (...args: unknown[]) => Promise<unknown>;
      vi.spyOn(sharp.prototype, method).mockImplementation(async function (
        this: unknown,
        ...args: unknown[]
      ) {
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        try {
          return await original.apply(this, args);
        } finally {
          inFlight -= 1;
        }
      } as never);
    }

    const checked = await Promise.all(images.map((image) => checkImage(image)));

    expect(checked).toHaveLength(20);
    for (const image of checked) expect(image.mediaType).toBe('image/png');
    expect(mostInFlight).toBe(2);
    expect(imageDecodes.active).toBe(0);
    expect(imageDecodes.waiting).toBe(0);
  });
});

describe('concurrencyLimit', () => {
  it('starts waiting work in the order it arrived, and a failure frees its turn', async () => {
    const limit = concurrencyLimit(1);
    const started: number[] = [];
    const runs = [0, 1, 2, 3].map((index) =>
      limit.run(async () => {
        started.push(index);
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (index === 1) throw new Error('this one fails');
        return index;
      }),
    );
    expect(limit.active).toBe(1);
    expect(limit.waiting).toBe(3);
    const settled = await Promise.allSettled(runs);
    expect(started).toEqual([0, 1, 2, 3]);
    expect(settled.map((result) => result.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect(limit.active).toBe(0);
    expect(limit.waiting).toBe(0);
  });
});
