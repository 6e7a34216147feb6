import { test as base, expect, type Page } from '@playwright/test';

export { expect, type Page } from '@playwright/test';

/**
 * Playwright's `test`, with a page whose `goto` and `reload` also wait for the app to be ready. A
 * prerendered page is painted before its scripts load, then hydrated; a person who presses a button in
 * between gets nothing (a form is held and sent once the app is ready), and a test must not either.
 */
export const test = base.extend<{ page: Page }>({
  page: async ({ page }, use) => {
    const appReady = () => page.waitForSelector('html[data-ready]', { state: 'attached' });
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    // `waitUntil: 'commit'` still means "wait for nothing": a test that looks at the page before it is ready.
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (options?.waitUntil !== 'commit') await appReady();
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await appReady();
      return response;
    };
    await use(page);
  },
});

/**
 * Chooses `option` in the select labelled `label`, as a person does: open the list, click the option.
 * Under load a click can land while the list is still settling and leave it open with nothing chosen;
 * the person would click again, and so does this, until the select shows the choice.
 */
export async function choose(page: Page, label: RegExp, option: string): Promise<void> {
  const select = page.getByRole('combobox', { name: label });
  await expect(async () => {
    if ((await select.getAttribute('aria-expanded')) !== 'true') await select.click({ timeout: 2_000 });
    await page.getByRole('option', { name: option, exact: true }).click({ timeout: 2_000 });
    await expect(select).toHaveText(option, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}
