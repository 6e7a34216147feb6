import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

const axeSource = createRequire(import.meta.url)('axe-core').source as string;

/**
 * Runs axe on the page as it is (WCAG 2.1 A and AA rules), and fails naming each violation. axe is
 * evaluated through the browser's debugging protocol, which the Content-Security-Policy does not
 * govern: the page itself still runs no inline script.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
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
    return result.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  });
  expect(violations).toEqual([]);
}
