import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

const axeSource = createRequire(import.meta.url)('axe-core').source as string;

/** Scans of one page before it is declared moving for good (a toast's exit takes one more). */
const scanAttempts = 3;

/**
 * Runs axe on the page as it is (WCAG 2.1 A and AA rules), and fails naming each violation. axe is
 * evaluated through the browser's debugging protocol, which the Content-Security-Policy does not
 * govern: the page itself still runs no inline script.
 *
 * Contrast is only meaningful on a still page: text fading in or out (a toast leaving, a dialog
 * opening) has a lower contrast for those few frames. So the scan waits for every finite animation
 * to end, and when one began while axe ran (a toast's timer ran out mid-scan), it scans again once
 * the page is still. Endless animations (a spinner) are left to run: they never fade text.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await page.evaluate(axeSource);
  let violations: string[] = [];
  for (let attempt = 1; attempt <= scanAttempts; attempt += 1) {
    const scan = await page.evaluate(async () => {
      const finiteAnimations = () =>
        document.getAnimations().filter((animation) => {
          const { iterations } = animation.effect?.getTiming() ?? {};
          return animation.playState === 'running' && iterations !== Number.POSITIVE_INFINITY;
        });
      const settle = () =>
        Promise.all(finiteAnimations().map((animation) => animation.finished.catch(() => undefined)));
      await settle();
      let moved = false;
      const onMove = () => {
        moved = true;
      };
      for (const type of ['animationstart', 'transitionstart'])
        document.addEventListener(type, onMove, { capture: true });
      const result = await (
        window as unknown as {
          axe: {
            run: (
              context: Document,
              options: object,
            ) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
          };
        }
      ).axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
      for (const type of ['animationstart', 'transitionstart'])
        document.removeEventListener(type, onMove, { capture: true });
      return {
        moved: moved || finiteAnimations().length > 0,
        violations: result.violations.map(
          (violation) =>
            `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
        ),
      };
    });
    violations = scan.violations;
    if (!scan.moved || violations.length === 0) break;
  }
  expect(violations).toEqual([]);
}
