import { expect, type screen, waitFor } from 'storybook/test';
import { recordTimeline } from './timeline';

/** The queries a story's canvas (or `screen`) offers that these checks use. */
type Canvas = Pick<typeof screen, 'queryByRole' | 'getByRole'>;

/**
 * Clicks a copy button and checks the confirmation's rule: the button says "Copied" at once, then
 * says `restingName` again, no sooner than `ms` after the click and without flickering back in between.
 * What the button says is recorded as the page changes it (see recordTimeline), so a busy machine can
 * slow the story down but never make it see the wrong thing.
 */
export async function expectCopiedFor(
  canvas: Canvas,
  click: () => Promise<void>,
  { restingName, ms = 2000 }: { restingName: string; ms?: number },
) {
  const says = recordTimeline(() => (canvas.queryByRole('button', { name: 'Copied' }) ? 'Copied' : 'other'));
  const clickedAt = performance.now();
  await click();
  await expect(canvas.getByRole('button', { name: 'Copied' })).toBeVisible();
  await waitFor(() => expect(canvas.getByRole('button', { name: restingName })).toBeVisible());
  says.stop();
  const shownAt = says.firstAt('Copied', clickedAt);
  const resetAt = says.firstAt('other', shownAt);
  await expect(shownAt).toBeDefined();
  await expect(resetAt).toBeDefined();
  await expect((resetAt ?? 0) - clickedAt).toBeGreaterThanOrEqual(ms);
  // "Copied" came once and went once.
  await expect(says.changes.map((change) => change.value)).toEqual(['other', 'Copied', 'other']);
}
