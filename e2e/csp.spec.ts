import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from './support/test';

type ViolationWindow = Window & { __cspViolations?: string[] };

/** Runs in every document before its scripts: records each Content-Security-Policy violation. */
function recordViolations() {
  const violations: string[] = [];
  (window as ViolationWindow).__cspViolations = violations;
  document.addEventListener('securitypolicyviolation', (event) => {
    violations.push(`${event.effectiveDirective} refused ${event.blockedURI || 'inline'}: ${event.sample}`);
  });
}

/**
 * Collects every error the page reports: console errors (the browser logs each CSP violation
 * there too), uncaught exceptions, and the policy's violation events. Checked by `expectNoErrors`.
 */
async function watchErrors(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(recordViolations);
  return errors;
}

async function expectNoErrors(page: Page, errors: string[]): Promise<void> {
  const violations = await page.evaluate(() => (window as ViolationWindow).__cspViolations ?? []);
  expect([...errors, ...violations]).toEqual([]);
}

/** The pages the build prerendered: `/`, and each folder of apps/site/dist with an index.html. */
function prerenderedPaths(): string[] {
  const dist = path.resolve(import.meta.dirname, '..', 'apps', 'site', 'dist');
  const folders = readdirSync(dist, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(dist, entry.name, 'index.html')))
    .map((entry) => `/${entry.name}`);
  return ['/', ...folders];
}

const pageScrollY = (page: Page) => page.evaluate(() => window.scrollY);

test('on a phone the menu opens and holds the page still, with no CSP violation or error', async ({
  page,
}) => {
  const errors = await watchErrors(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/about-us');

  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  // The page behind the open menu does not scroll under the wheel.
  await page.mouse.move(20, 400);
  await page.mouse.wheel(0, 600);
  await page.waitForTimeout(300);
  expect(await pageScrollY(page)).toBe(0);

  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(menu).toBeHidden();
  await page.mouse.wheel(0, 600);
  await expect.poll(() => pageScrollY(page)).toBeGreaterThan(0);
  await expectNoErrors(page, errors);
});

test('every prerendered page loads with no CSP violation or error', async ({ page }) => {
  const errors = await watchErrors(page);
  const paths = prerenderedPaths();
  expect(paths).toContain('/sign-up');
  for (const pagePath of paths) {
    await page.goto(pagePath);
    await expectNoErrors(page, errors);
  }
});

test('a list opened on /sign-up holds the page still, with no CSP violation or error', async ({ page }) => {
  const errors = await watchErrors(page);
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto('/sign-up');
  // The form's code comes at the first sign of a person (the pointer over it); then the list opens.
  await page.getByRole('combobox', { name: /^Country/ }).hover();
  await expect(page.locator('[data-deferred="live"]')).toHaveCount(1);
  await page.getByRole('combobox', { name: /^Country/ }).click();
  await expect(page.getByRole('listbox')).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toBeHidden();
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
  await expectNoErrors(page, errors);
});
